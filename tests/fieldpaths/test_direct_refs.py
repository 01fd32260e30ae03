"""A ``$ref`` alone followed by the direct walk (parity/fieldpaths/direct_refs.py): the
general walk's tables, warnings, work, errors and pointers, with no hand-over; what it cannot
follow is handed over as before."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parity.errors import SchemaError
from parity.fieldpaths import direct
from parity.fieldpaths.combine import weight
from parity.fieldpaths.direct_plain import BLOCKERS
from parity.fieldpaths.direct_refs import own_weight
from parity.fieldpaths.general import Walker
from parity.fieldpaths.schema import Limits, extract_paths
from tests.fieldpaths.test_direct import (
    DRAFT7,
    assert_same,
    extend,
    general,
    keywords,
    limits,
    snapshot,
)
from tests.properties import draws


def handed_over(schema: Any, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The keys of a whole schema's walk that went to the general walk."""
    keys: list[Any] = []
    original = direct.Direct._delegate

    def counted(self: direct.Direct, node: Any, key: Any, *args: Any) -> Any:
        if self.general is not None:
            keys.append(key)
        return original(self, node, key, *args)

    with monkeypatch.context() as patched:
        patched.setattr(direct.Direct, "_delegate", counted)
        snapshot(schema)
    return keys


def direct_walks_finished(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """From now on, whether each whole schema's direct walk finished (``False``: it gave up
    and the general walk took all of it), in order."""
    finished: list[bool] = []
    original = direct.whole_table

    def spied(*args: Any, **kwargs: Any) -> Any:
        found = original(*args, **kwargs)
        finished.append(found is not None)
        return found

    monkeypatch.setattr(direct, "whole_table", spied)
    return finished


one_level = st.builds(lambda k, s: {**k, **s}, keywords, extend(st.just({"type": "string"})))


@settings(max_examples=draws(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(one_level, st.integers(1, 4))
def test_own_weight_is_the_weight_of_the_general_walks_facets(schema, expanded):
    """``combine.weight`` of what ``keywords``' readers make of a node's own keywords."""
    if not BLOCKERS.isdisjoint(schema) or isinstance(schema.get("items"), list):
        return
    walker = Walker(schema, "t", "in", Limits())
    found = own_weight(schema, expanded, direct.Direct(schema, 100, 10**6, 10**9, set()))
    try:
        facets = walker._own_facets(schema, None, "#", frozenset(range(expanded)))
    except SchemaError:
        return  # the walk of the target raises too, and the general walk words it
    assert found == weight(facets)


DEFS = {
    "Model": {"type": "object", "required": ["key", "key"], "additionalProperties": False,
              "properties": {"key": {"type": "integer", "minimum": 0},
                             "tags": {"type": "array", "items": {"type": "string"}},
                             "inner": {"$ref": "#/$defs/Inner"}}},
    "Inner": {"type": "object", "enum": [{"a": 1}, {"a": 1}], "const": {"a": 1},
              "patternProperties": {"^x": {"type": "string"}}, "not": {"type": "null"}},
    "a/b~c": {"type": "string", "description": "escaped in the pointer"},
    "Tree": {"type": "object", "properties": {"kids": {"type": "array",
                                                       "items": {"$ref": "#/$defs/Tree"}}}},
    "Union": {"anyOf": [{"type": "object", "properties": {"a": {"type": "string"}}},
                        {"type": "null"}]},
    "Tuple": {"type": "array", "items": [{"type": "string"}, {"type": "integer"}]},
    "Bad": {"type": "object", "required": "key"},
    "BadInside": {"type": "object", "properties": {"x": {"type": "bogus"}}},
    "Missing": {"type": "object", "properties": {"m": {"$ref": "#/$defs/nowhere"}}},
}
FOLLOWED = ["#/$defs/Model", "#/$defs/Inner", "#/$defs/a~1b~0c", "#/$defs/Model/properties/key",
            "#/$defs/Missing"]
HANDED_OVER = ["#/$defs/Union", "#/$defs/Tuple", "#/$defs/nowhere", "#",
               "https://example.com/remote.json"]


def document(ref: str) -> dict[str, Any]:
    return {"$defs": DEFS, "type": "object", "required": ["r"],
            "properties": {"r": {"$ref": ref}, "list": {"type": "array",
                                                        "items": {"$ref": ref}},
                           "map": {"type": "object", "additionalProperties": {"$ref": ref}},
                           "deep": {"type": "object", "properties": {"d": {"$ref": ref}}}}}


@pytest.mark.parametrize("ref", FOLLOWED)
def test_a_reference_alone_is_followed_without_a_hand_over(ref, monkeypatch):
    schema = document(ref)
    inside = handed_over(schema, monkeypatch)
    # only what the target itself holds goes to the general walk: a missing reference
    assert all(key.endswith(".m") for key in inside)
    for dialect in (None, DRAFT7):
        assert_same(schema, ref, default_dialect=dialect)


@pytest.mark.parametrize("ref", HANDED_OVER)
def test_what_the_direct_walk_cannot_follow_is_handed_over(ref, monkeypatch):
    """A target with a blocker or tuple ``items``, a malformed one, a missing or remote one,
    and the root (a recursion) are read by the general walk, as before."""
    schema = document(ref)
    assert {"r", "list[]", "map{}", "deep.d"} <= set(handed_over(schema, monkeypatch))
    for dialect in (None, DRAFT7):
        assert_same(schema, ref, default_dialect=dialect)


def test_a_recursion_is_cut_by_the_general_walk(monkeypatch):
    schema = document("#/$defs/Tree")
    # the tree is followed; its reference to itself is the general walk's
    assert set(handed_over(schema, monkeypatch)) == {"r.kids[]", "list[].kids[]",
                                                     "map{}.kids[]", "deep.d.kids[]"}
    assert snapshot(schema) == general(schema)
    table = snapshot(schema)[0]
    assert '"r.kids[]": {' in table and '"recursive": "#/$defs/Tree"' in table


def test_errors_in_and_below_a_target_are_the_general_walks(monkeypatch):
    # a malformed keyword of the target itself: handed over where first met, and the
    # general walk words the error
    schema = document("#/$defs/Bad")
    assert handed_over(schema, monkeypatch) == ["deep.d"]
    found = snapshot(schema)
    assert found[:2] == ("error", "SchemaError") and found == general(schema)
    assert found[3] == "#/$defs/Bad/required"
    # below it: the walk of the target gives up, and the general walk words it
    schema = document("#/$defs/BadInside")
    found = snapshot(schema)
    assert found[:2] == ("error", "SchemaError") and found == general(schema)
    assert found[3] == "#/$defs/BadInside/properties/x/type"


@settings(max_examples=draws(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.recursive(st.one_of(keywords, st.just({})), extend, max_leaves=8),
       st.one_of(st.none(), limits), st.sampled_from([None, DRAFT7]))
def test_random_targets_followed_under_every_bound(target, bounds, dialect):
    """A random plain target (malformed values included) reached through references at
    several depths: everything extraction says is the general walk's."""
    schema = {"$defs": {"S": target, "P": {"$ref": "#/$defs/S"}}, "type": "object",
              "properties": {"a": {"$ref": "#/$defs/S"}, "b": {"$ref": "#/$defs/P"},
                             "c": {"type": "array", "items": {"$ref": "#/$defs/S"}}}}
    assert (snapshot(schema, limits=bounds, default_dialect=dialect)
            == general(schema, limits=bounds, default_dialect=dialect))


def test_a_followed_reference_counts_the_paths_the_general_walk_counts(monkeypatch):
    # at exactly as many paths as the table holds, the direct walk still finishes (a walk
    # that counted the reference as a path of its own would give up and leave it to the
    # general walk: the same table, at the general walk's cost)
    schema = document("#/$defs/Model")
    paths = len(extract_paths(schema))
    finished = direct_walks_finished(monkeypatch)
    assert len(extract_paths(schema, limits=Limits(max_paths=paths))) == paths
    assert finished == [True]
    with pytest.raises(Exception, match="more than"):
        extract_paths(schema, limits=Limits(max_paths=paths - 1))
    assert finished[-1] is False
