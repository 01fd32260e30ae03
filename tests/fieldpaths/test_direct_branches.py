"""A union of objects walked branch by branch by the direct walk
(parity/fieldpaths/direct_branches.py): the general walk's tables, warnings, work, errors and
pointers, with no hand-over; what it does not read is handed over as before."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parity.fieldpaths import direct, direct_flat
from parity.fieldpaths.direct_flat import branch_table
from parity.fieldpaths.schema import Limits, extract_paths
from tests.fieldpaths.test_direct import (
    DRAFT7,
    assert_same,
    extend,
    general,
    keywords,
    limits,
    names,
    scalars,
    snapshot,
)
from tests.fieldpaths.test_direct_refs import direct_walks_finished
from tests.properties import draws

CLOSED = {"type": "object", "additionalProperties": False, "required": ["kind", "a"],
          "properties": {"kind": {"const": "a"}, "a": {"type": "string", "maxLength": 4}}}
OPEN = {"type": "object", "required": ["kind", "gone"],
        "properties": {"kind": {"const": "b"}, "b": {"type": "integer", "default": 2},
                       "tags": {"type": "array", "items": {"type": "string"}},
                       "inner": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}
MAP = {"type": "object", "additionalProperties": {"type": "integer"}, "description": "a map"}
NULL = {"type": "null"}
#: a reference beside a keyword: handed over wherever it is met
BESIDE = {"$ref": "#/$defs/A", "description": "beside"}
#: a union with a reference for a branch (the reference followed)
REF_BRANCH = {"oneOf": [CLOSED, {"$ref": "#/$defs/A"}]}
#: a union below its own target: met again, handed over
RECURSIVE = {"anyOf": [{"$ref": "#/$defs/Node"}, {"type": "null"}]}
MALFORMED = {"oneOf": [OPEN, {"type": "object", "required": "kind"}]}
#: a reference not resolved locally: handed over, and its warning names its pointer (below a
#: union's branch, and below a branch of a union inside a branch)
FAR = {"$ref": "https://example.invalid/far.json", "description": "far"}

WALKED = [
    {"oneOf": [CLOSED, OPEN]},
    {"anyOf": [OPEN, NULL], "default": None, "title": "Optional", "description": "the node's"},
    {"anyOf": [MAP, CLOSED, {"type": "object", "properties": {
        "deep": REF_BRANCH, "more": BESIDE}}]},
    {"oneOf": [{"properties": {"x": {"type": "string"}}, "required": ["x"]},
               {"type": "string", "description": "not an object"}], "description": 3},
    # pydantic's Optional[Model], and a linked list of them: the recursion is handed over
    {"anyOf": [{"$ref": "#/$defs/A"}, NULL], "default": None, "title": "A"},
    {"anyOf": [{"$ref": "#/$defs/Node"}, NULL], "default": None},
    {"oneOf": [CLOSED, {"type": "object", "properties": {
        "far": FAR, "deeper": {"anyOf": [NULL, {"type": "object", "properties": {
            "far": FAR}}]}}}]},
]
HANDED_OVER = [
    {"anyOf": [OPEN, NULL], "type": "object"},  # a keyword beside the union
    {"anyOf": [OPEN, NULL], "required": ["a"]},
    {"anyOf": [{"$ref": "#/$defs/missing"}, NULL]},  # a reference not followed
    {"anyOf": [{"$ref": "#/$defs/A", "description": "beside"}, NULL]},
    {"anyOf": [OPEN, {}]},  # an empty branch
    {"anyOf": [OPEN, True]},
    {"oneOf": [OPEN, {"type": "array", "items": [{"type": "string"}]}]},  # a tuple
    {"oneOf": [OPEN, {"patternProperties": {"^a": {}, "^b": {}}}]},  # two map values
    MALFORMED,
    {"anyOf": [OPEN, NULL], "allOf": [{"type": "object"}]},  # another combinator
]


def document(node: Any) -> dict[str, Any]:
    return {"$defs": {"A": {"type": "object", "properties": {"z": {"type": "boolean"}}},
                      "Node": {"type": "object", "required": ["value"],
                               "properties": {"value": {"type": "integer"},
                                              "next": RECURSIVE}}},
            "type": "object", "required": ["u"],
            "properties": {"u": node, "list": {"type": "array", "items": node},
                           "map": {"type": "object", "additionalProperties": node},
                           "deep": {"type": "object", "properties": {"d": node}}}}


def walked(schema: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[bool, list[Any]]:
    """Whether the direct walk of a whole schema finished (no fall-back to the general walk
    for all of it), and the nodes it handed over, in order."""
    nodes: list[Any] = []
    delegate = direct.Direct._delegate

    def spied_delegate(self: direct.Direct, node: Any, *args: Any) -> Any:
        if self.general is not None:
            nodes.append(node)
        return delegate(self, node, *args)

    with monkeypatch.context() as patched:
        finished = direct_walks_finished(patched)
        patched.setattr(direct.Direct, "_delegate", spied_delegate)
        snapshot(schema)
    return finished == [True], nodes


@pytest.mark.parametrize("node", WALKED, ids=str)
def test_a_union_of_objects_is_walked_without_a_hand_over(node, monkeypatch):
    schema = document(node)
    finished, nodes = walked(schema, monkeypatch)
    # only what a branch holds goes to the general walk: a reference beside a keyword, a
    # union met again below its own target, a reference not resolved locally
    assert finished and all(n is BESIDE or n is RECURSIVE or n is FAR for n in nodes)
    assert (node is WALKED[-2]) == any(n is RECURSIVE for n in nodes)
    for dialect in (None, DRAFT7):
        assert_same(schema, str(node), default_dialect=dialect)


@pytest.mark.parametrize("node", HANDED_OVER, ids=str)
def test_what_the_direct_walk_does_not_read_is_handed_over(node, monkeypatch):
    schema = document(node)
    finished, nodes = walked(schema, monkeypatch)
    assert nodes[0] is node  # the union node itself, where first met (``deep.d``)
    if node is not MALFORMED:  # an error ends the walk: the general walk words it
        assert finished and sum(n is node for n in nodes) == 4
    for dialect in (None, DRAFT7):
        assert_same(schema, str(node), default_dialect=dialect)


def test_the_union_merges_as_the_general_walk_merges():
    table = extract_paths(document(WALKED[1]))
    # the node's annotations come first; both alternatives' types; the object's children
    # required only where every object alternative requires them
    assert table["u"].description == "the node's" and table["u"].has_default
    assert table["u"].type == ("null", "object")
    assert table["u.kind"].required and table["u.gone"].required
    assert table["u.inner"].type == ("null", "string")


def test_a_union_counts_the_paths_the_general_walk_counts(monkeypatch):
    # each alternative's entries count (more than the merged table holds): at the fewest
    # paths the general walk allows, the direct walk still finishes; one fewer, both stop
    schema = document(WALKED[0])
    fewest = next(n for n in range(1, 200)
                  if general(schema, limits=Limits(max_paths=n))[0] != "error")
    finished = direct_walks_finished(monkeypatch)
    for bound in (fewest, fewest - 1):
        limit = Limits(max_paths=bound)
        assert snapshot(schema, limits=limit) == general(schema, limits=limit)
    assert finished == [True, False]


def test_plain_branches_are_read_in_one_go_below_the_roots_reference_alone(monkeypatch):
    """The branches of a union met below the root's reference alone, objects of leaves,
    lists and unions of leaves, are read by ``direct_flat.branch_table`` (at a property, in
    a list, in a map, deeper); met again below a followed reference, by the walk. Either
    way extraction says what the general walk says."""
    read: list[tuple[Any, bool]] = []

    def spied(schema: Any, *args: Any) -> Any:
        found = branch_table(schema, *args)
        read.append((schema, found is not None))
        return found

    monkeypatch.setattr(direct_flat, "branch_table", spied)
    plain = {"type": "object", "required": ["kind"], "properties": {
        "kind": {"const": "b"}, "tags": {"type": "array", "items": {"type": "string"}},
        "inner": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}
    node = {"oneOf": [CLOSED, plain, NULL, OPEN], "description": "d"}
    snapshot(document(node))
    # at each of the four places, OPEN (a required name without a schema) left to the walk
    assert sorted((id(b), found) for b, found in read) == sorted(
        [(id(CLOSED), True), (id(plain), True), (id(NULL), True), (id(OPEN), False)] * 4)
    assert_same(document(node), "plain branches")
    read.clear()
    below = {"$defs": {"D": {"type": "object", "properties": {"u": node}}},
             "type": "object", "properties": {"d": {"$ref": "#/$defs/D"}}}
    assert_same(below, "below a reference")
    assert read == []


branch = st.builds(lambda k, s: {**k, **s}, keywords, extend(st.one_of(
    keywords, st.just({"type": "string"}))))
annotations = st.fixed_dictionaries({}, optional={
    "description": st.one_of(st.text(max_size=2), st.integers(0, 1)), "default": scalars,
    "title": st.text(max_size=2)})


@settings(max_examples=draws(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["anyOf", "oneOf"]),
       st.lists(st.one_of(branch, st.just({"$ref": "#/$defs/S"})), min_size=1, max_size=4),
       branch, annotations, st.one_of(st.none(), limits), st.sampled_from([None, DRAFT7]),
       names)
def test_random_unions_of_objects_under_every_bound(keyword, branches, target, notes, bounds,
                                                    dialect, name):
    """Random branches (malformed values included), references to a random target among
    them, and annotations, at several depths: everything extraction says is the general
    walk's."""
    node = {keyword: branches, **notes}
    schema = {"$defs": {"S": target}, "type": "object",
              "properties": {name: node, "list": {"type": "array", "items": node}}}
    assert (snapshot(schema, limits=bounds, default_dialect=dialect)
            == general(schema, limits=bounds, default_dialect=dialect))


def test_a_hand_over_below_a_branch_names_the_branchs_pointer():
    """The pointer of a branch is spelled only when a hand-over below it needs it
    (``direct_handover.Branch``): as the general walk spells it, in its warnings."""
    warnings = snapshot(document(WALKED[-1]))[1]
    assert ("$ref 'https://example.invalid/far.json' at "
            "#/properties/u/oneOf/1/properties/deeper/anyOf/1/properties/far") in str(warnings)
    assert "at #/properties/deep/properties/d/oneOf/1/properties/far cannot" in str(warnings)
