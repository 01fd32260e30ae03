"""A map with several value schemas walked by the direct walk
(parity/fieldpaths/direct_maps.py): the general walk's tables, warnings, work, errors and
pointers, with no hand-over of the map."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fieldpaths.test_direct import (
    DRAFT7,
    assert_same,
    general,
    limits,
    names,
    plain,
    snapshot,
)
from tests.fieldpaths.test_direct_branches import FAR, OPEN, document, walked
from tests.properties import draws

OBJECT = {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"},
                                                                "note": {"type": "string"}}}
WALKED = [
    # the generated catalog's: extension keys, numbered keys
    {"type": "object", "patternProperties": {"^x-": {"type": "string"},
                                             "^[0-9]+$": {"type": "integer", "minimum": 0}}},
    {"type": "object", "description": "a map", "additionalProperties": OBJECT,
     "patternProperties": {"^a": OPEN}},
    # a map of maps; a union, a reference and an allOf as values
    {"type": "object", "additionalProperties": {"type": "object", "patternProperties": {
        "^a": {"type": "string"}, "^b": {"type": "array", "items": OBJECT}}},
     "patternProperties": {"^r": {"$ref": "#/$defs/A"}, "^u": {"oneOf": [OBJECT, OPEN]},
                           "^all": {"allOf": [OBJECT, {"properties": {"x": {}}}]}}},
    # references not resolved locally below the value schemas: handed over, their warnings
    # name the value schemas' pointers (a pattern's escaped)
    {"type": "object", "additionalProperties": {"type": "object", "properties": {"far": FAR}},
     "patternProperties": {"a/~b": {"type": "object", "properties": {"far": FAR}}}},
]


@pytest.mark.parametrize("node", WALKED, ids=str)
def test_a_map_of_several_value_schemas_is_walked_without_a_hand_over(node, monkeypatch):
    schema = document(node)
    finished, nodes = walked(schema, monkeypatch)
    assert finished and all(n is FAR for n in nodes)
    for dialect in (None, DRAFT7):
        assert_same(schema, str(node), default_dialect=dialect)


def test_every_value_entry_holds_every_pattern():
    import json

    assert json.loads(snapshot(document(WALKED[0]))[0])["u{}"]["patterns"] == [
        "^[0-9]+$", "^x-"]
    table = json.loads(snapshot(document(WALKED[1]))[0])
    # beside an additionalProperties schema any key lands there: the patterns do not say
    # which (a key none matches is still typed, by that schema)
    assert "patterns" not in table["u{}"] and "patterns" not in table["u{}.id"]
    # a key matches one value schema or the other: "id" is required only in one
    assert table["u{}"]["type"] == ["object"] and not table["u{}.id"]["required"]


def test_a_hand_over_below_a_value_schema_names_its_pointer():
    warnings = str(snapshot(document(WALKED[-1]))[1])
    assert "at #/properties/u/additionalProperties/properties/far cannot" in warnings
    assert "at #/properties/u/patternProperties/a~1~0b/properties/far cannot" in warnings


groups = st.fixed_dictionaries({}, optional={
    "additionalProperties": st.one_of(plain, st.just(False)),
    "patternProperties": st.dictionaries(st.sampled_from(["^a", "^b", "c/~"]), plain,
                                         max_size=3)})
annotations = st.fixed_dictionaries({}, optional={
    "type": st.just("object"), "description": st.text(max_size=2),
    "properties": st.dictionaries(names, plain, max_size=2)})


@settings(max_examples=draws(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(groups, annotations, st.one_of(st.none(), limits), st.sampled_from([None, DRAFT7]),
       names)
def test_random_maps_under_every_bound(values: dict[str, Any], rest: dict[str, Any], bounds,
                                       dialect, name):
    """Random value schemas (malformed ones included) beside random properties, at two
    depths: everything extraction says is the general walk's."""
    node = {**rest, **values}
    schema = {"type": "object",
              "properties": {name: node, "list": {"type": "array", "items": node}}}
    assert (snapshot(schema, limits=bounds, default_dialect=dialect)
            == general(schema, limits=bounds, default_dialect=dialect))
