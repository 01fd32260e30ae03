"""``allOf`` of plain objects read by the direct walk as one object
(parity/fieldpaths/direct_allof.py): the general walk's tables, warnings, work, errors and
pointers; what it does not read is handed over as before."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fieldpaths.test_direct import (
    DRAFT7,
    assert_same,
    general,
    keywords,
    limits,
    names,
    plain,
    snapshot,
)
from tests.fieldpaths.test_direct_branches import FAR, OPEN, document, walked
from tests.properties import draws

BASE = {"type": "object", "required": ["id"], "description": "the base model",
        "properties": {"id": {"type": "integer"}, "tags": {"type": "array",
                                                           "items": {"type": "string"}}}}
NOTE = {"properties": {"note": {"type": "string", "maxLength": 3}}}
CLOSED = {"type": "object", "additionalProperties": False, "required": ["x"],
          "properties": {"x": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}

WALKED = [
    {"allOf": [BASE, NOTE]},
    {"allOf": [BASE], "description": "the node's", "default": {"id": 1}, "title": "T"},
    {"allOf": [CLOSED, {"type": "object", "description": "third",
                        "additionalProperties": {}}]},
    {"allOf": [{"type": "object"}, {}]},  # nothing but a type: an object with no children
    # what a branch holds is walked as ever: a union of objects, a reference, an allOf
    {"allOf": [{"properties": {"kind": {"oneOf": [OPEN, {"type": "null"}]},
                               "ref": {"$ref": "#/$defs/A"},
                               "inner": {"allOf": [CLOSED, {"description": "x"}]}}},
               BASE]},
    # a reference not resolved locally below the second branch: handed over, its warning
    # names the branch's pointer
    {"allOf": [BASE, {"properties": {"far": FAR, "deeper": {"oneOf": [
        {"type": "null"}, {"type": "object", "properties": {"far": FAR}}]}}}]},
]
HANDED_OVER = [
    {"allOf": [BASE, {"properties": {"id": {"type": "string"}}}]},  # a name in two branches
    {"allOf": [BASE, {"$ref": "#/$defs/A"}]},  # a reference for a branch
    {"allOf": [BASE, NOTE], "type": "object"},  # a keyword beside it
    {"allOf": [BASE, {"type": "string"}]},  # not an object
    {"allOf": [BASE, {"required": ["gone"]}]},  # a required name without a schema
    {"allOf": [BASE, {"properties": {"n": {}}, "description": 3}]},  # not a string
    {"allOf": [BASE, {"additionalProperties": {"type": "integer"}}]},  # a map
    {"allOf": [BASE, {"patternProperties": {"^a": {}}}]},
    {"allOf": [BASE, {"properties": {"n": {}}, "enum": [{}]}]},  # a value keyword
    {"allOf": [BASE, {"anyOf": [NOTE, CLOSED]}]},  # a combinator in a branch
    {"allOf": [BASE, True]},
    # a closed branch refuses the other branches' keys: the general walk types them never
    {"allOf": [NOTE, CLOSED, {"type": "object", "description": "third",
                              "additionalProperties": {}}]},
]
#: malformed: the general walk words the error
MALFORMED = [{"allOf": []}, {"allOf": [BASE, {"properties": []}]}]


@pytest.mark.parametrize("node", WALKED, ids=str)
def test_an_all_of_of_objects_is_walked_without_a_hand_over(node, monkeypatch):
    schema = document(node)
    finished, nodes = walked(schema, monkeypatch)
    assert finished and all(n is FAR for n in nodes)  # below a branch, as anywhere
    for dialect in (None, DRAFT7):
        assert_same(schema, str(node), default_dialect=dialect)


@pytest.mark.parametrize("node", HANDED_OVER + MALFORMED, ids=str)
def test_what_the_direct_walk_does_not_read_is_handed_over(node, monkeypatch):
    schema = document(node)
    finished, nodes = walked(schema, monkeypatch)
    assert nodes[0] is node  # the allOf node itself, where first met (``deep.d``)
    if node not in MALFORMED:  # an error ends the walk
        assert finished and sum(n is node for n in nodes) == 4
    for dialect in (None, DRAFT7):
        assert_same(schema, str(node), default_dialect=dialect)


def test_the_conjunction_is_the_general_walks():
    table = snapshot(document(WALKED[2]))
    assert table == general(document(WALKED[2]))
    entries = extract(WALKED[2])
    # closed when one branch is; the first description; every branch's properties
    assert entries["u"]["closed"] is True and entries["u"]["description"] == "third"
    assert entries["u.x"]["required"] and entries["u.x"]["type"] == ["null", "string"]
    assert extract(WALKED[1])["u"]["description"] == "the node's"


def test_a_closed_branch_refuses_what_another_branch_declares():
    # ``additionalProperties: false`` sees only its own schema object's properties
    # (2020-12 core 10.3.2.3): ``note`` is declared beside it, and refused by it
    node = {"allOf": [NOTE, CLOSED]}
    assert snapshot(document(node)) == general(document(node))
    entries = extract(node)
    assert entries["u.note"]["type"] == [] and entries["u.x"]["type"] == ["null", "string"]
    assert entries["u"]["closed"] is True


def extract(node: Any) -> dict[str, Any]:
    import json

    return json.loads(snapshot(document(node))[0])


def test_a_hand_over_below_a_branch_names_the_branchs_pointer():
    warnings = str(snapshot(document(WALKED[-1]))[1])
    assert "at #/properties/u/allOf/1/properties/far cannot" in warnings
    assert "at #/properties/deep/properties/d/allOf/1/properties/deeper/oneOf/1/properties/far" \
        in warnings


branch = st.fixed_dictionaries({}, optional={
    "type": st.sampled_from(["object", "string"]),
    "properties": st.dictionaries(names, plain, max_size=3),
    "required": st.lists(names, max_size=2),
    "additionalProperties": st.sampled_from([True, False, {}]),
    "description": st.one_of(st.text(max_size=2), st.integers(0, 1)),
    "title": st.text(max_size=2)})
#: a branch the direct walk reads: its required names among its properties
children = st.one_of(st.sampled_from([
    {"type": "string"}, {"type": "integer", "minimum": 1}, {}, True,
    {"type": "object", "properties": {"b": {"type": "string"}}}]), plain)
readable = st.dictionaries(names, children, max_size=3).flatmap(lambda own: st.fixed_dictionaries({
    "properties": st.just(own),
    "required": st.lists(st.sampled_from(sorted(own)), max_size=2) if own else st.just([]),
}, optional={"type": st.just("object"), "additionalProperties": st.sampled_from([True, False]),
             "description": st.text(max_size=2)}))
annotations = st.fixed_dictionaries({}, optional={
    "description": st.one_of(st.text(max_size=2), st.integers(0, 1)),
    "default": st.integers(0, 1), "title": st.text(max_size=2)})


@settings(max_examples=draws(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(readable, readable, branch, keywords), min_size=1, max_size=3),
       annotations,
       st.one_of(st.none(), limits), st.sampled_from([None, DRAFT7]), names)
def test_random_all_ofs_under_every_bound(branches, notes, bounds, dialect, name):
    """Random branches (shared names, required names without a schema, malformed values
    included) and annotations, at two depths: everything extraction says is the general
    walk's."""
    node = {"allOf": branches, **notes}
    schema = {"type": "object",
              "properties": {name: node, "list": {"type": "array", "items": node}}}
    assert (snapshot(schema, limits=bounds, default_dialect=dialect)
            == general(schema, limits=bounds, default_dialect=dialect))
