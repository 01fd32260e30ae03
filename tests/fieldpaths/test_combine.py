"""Conjunctions of facets (parity/fieldpaths/combine.py): both sides hold, a seal refuses
what it does not see, and facets become entries."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parity.fieldpaths.combine import conjoin, intersect_types, to_entry, weight
from parity.fieldpaths.general import Walker
from parity.fieldpaths.keyed import REFUSED
from parity.fieldpaths.keywords import Facets
from parity.fieldpaths.schema import Limits
from tests.properties import draws


def facets(schema: dict[str, Any]) -> Facets:
    """What ``keywords``' readers make of ``schema``'s own keywords."""
    return Walker(schema, "t", "in", Limits())._own_facets(schema, None, "#", frozenset())


@pytest.mark.parametrize(("a", "b", "both"), [
    ({"integer"}, {"number"}, {"integer"}),
    ({"number"}, {"integer", "string"}, {"integer"}),
    ({"number", "null"}, {"number"}, {"number"}),
    ({"string"}, {"number"}, set()),
])
def test_types_meet_and_an_integer_is_a_number(a, b, both):
    assert intersect_types(frozenset(a), frozenset(b)) == both
    assert intersect_types(frozenset(b), frozenset(a)) == both


def test_a_seal_refuses_the_keys_the_other_side_declares_or_requires():
    sealed = facets({"type": "object", "properties": {"a": {}},
                     "patternProperties": {"^x_": {}}, "additionalProperties": False})
    other = facets({"properties": {"b": {}, "x_1": {}, "a": {}}, "required": ["c"]})
    for out in (conjoin(sealed, other), conjoin(other, sealed)):
        refused = {name for name, subs in out.properties.items() if REFUSED in subs}
        assert refused == {"b", "c"}  # "a" is named, "x_1" matched by the seal's pattern
        assert out.closed and out.required == {"c"}


def test_unevaluated_properties_refuses_nothing_beside_a_key_evaluating_branch():
    # 2020-12: ``unevaluatedProperties: false`` sees what ``additionalProperties: {}`` evaluates
    closed = facets({"type": "object", "unevaluatedProperties": False})
    every = facets({"additionalProperties": {}})
    assert to_entry(closed, False, ()).closed is True
    assert to_entry(conjoin(closed, every), False, ()).closed is False
    sealed = facets({"type": "object", "additionalProperties": False})
    assert to_entry(conjoin(sealed, every), False, ()).closed is True


def test_a_contradiction_is_an_entry_of_no_type():
    out = conjoin(facets({"type": "string"}), facets({"type": "integer"}))
    assert to_entry(out, True, ()).type == ()
    assert to_entry(conjoin(facets({"enum": [1, 2]}), facets({"enum": [3]})), True, ()).enum == ()


names = st.sampled_from(["a", "b", "c"])
schemas = st.fixed_dictionaries({}, optional={
    "type": st.sampled_from(["object", "string", "integer", "number"]),
    "enum": st.lists(st.integers(0, 3), min_size=1, max_size=3),
    "required": st.lists(names, max_size=2, unique=True),
    "properties": st.dictionaries(names, st.just({}), max_size=2),
    "additionalProperties": st.booleans(),
    "minimum": st.integers(0, 3),
})


@settings(max_examples=draws(300), deadline=None)
@given(schemas, schemas)
def test_a_conjunction_says_the_same_in_either_order(x, y):
    """``allOf: [x, y]`` and ``allOf: [y, x]`` hold the same values: what the entry says of
    them does not depend on the order (descriptions and defaults take the first)."""
    a, b = facets(x), facets(y)
    one, other = to_entry(conjoin(a, b), False, ()), to_entry(conjoin(b, a), False, ())
    assert (one.type, one.enum, one.closed, one.constraints) == \
           (other.type, other.enum, other.closed, other.constraints)
    assert conjoin(a, b).required == conjoin(b, a).required == a.required | b.required
    assert weight(conjoin(a, b)) == weight(conjoin(b, a))
