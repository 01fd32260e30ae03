"""``parity.fieldpaths.constraints.read``: a bound that is an ``int`` is read at once, and
reads as the long way reads it (an ``int`` subclass takes the long way)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parity.fieldpaths import constraints
from tests.properties import draws


class Int(int):
    """Not ``int`` itself: ``read`` checks it the long way."""


def outcome(schema: dict[str, Any]) -> Any:
    try:
        found = constraints.read(schema)
    except constraints.ConstraintError as exc:
        return ("error", str(exc))
    return {k: (type(v) is not bool, v) for k, v in found.items()}


values = st.one_of(st.integers(-3, 3), st.integers(), st.booleans(), st.floats(-3, 3),
                   st.sampled_from([2.0, -1.0, 0.5, float("inf")]), st.text(max_size=1),
                   st.none())
schemas = st.dictionaries(st.sampled_from([*constraints.KEYWORDS, "type"]), values,
                          max_size=5)


@settings(max_examples=draws(500), deadline=None)
@given(schemas)
def test_an_int_bound_reads_as_the_long_way_reads_it(schema):
    slow = {k: Int(v) if type(v) is int else v for k, v in schema.items()}
    assert outcome(schema) == outcome(slow)


@pytest.mark.parametrize(("schema", "expected"), [
    ({"minimum": 3, "maximum": -2, "multipleOf": 2}, {"minimum": 3, "maximum": -2,
                                                     "multipleOf": 2}),
    ({"minimum": 3, "exclusiveMinimum": True}, {"exclusiveMinimum": 3}),
    ({"exclusiveMaximum": 0, "minLength": 0, "maxItems": 2}, {"exclusiveMaximum": 0,
                                                              "minLength": 0, "maxItems": 2}),
])
def test_int_bounds(schema, expected):
    assert constraints.read(schema) == expected


@pytest.mark.parametrize("schema", [{"minLength": -1}, {"multipleOf": 0}, {"maxItems": True}])
def test_bounds_out_of_range_are_refused(schema):
    with pytest.raises(constraints.ConstraintError):
        constraints.read(schema)
