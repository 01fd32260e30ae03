"""``parity.fieldpaths.entry``: the canonical text and order of enum values, and what an
entry's type says."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from parity.fieldpaths.entry import canonical_value, sorted_values, value_identity
from parity.fieldpaths.equality import keyed
from parity.fieldpaths.schema import extract_paths
from tests.properties import draws


class Text(str):
    """A ``str`` subclass (a value built in Python, not parsed): encoded the long way."""


scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(-3, 12),
    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([1.0, -0.0, 1e16, 0.1]),
    st.text(), st.text(alphabet='a"\\\n\u00e9\u2028 !/', max_size=4),
    st.builds(Text, st.text(alphabet='ab"', max_size=3)))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=2), inner, max_size=3)),
    max_leaves=6)


def text(value: Any) -> str:
    """The canonical text's definition: JSON, keys sorted, no spaces, not escaped to ASCII."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def reference(found: list[Any]) -> tuple[Any, ...]:
    """The order's definition: by canonical JSON text, the last of equal texts kept."""
    unique = {text(v): v for v in found}
    return tuple(unique[k] for k in sorted(unique))


@settings(max_examples=draws(500), deadline=None)
@given(values)
def test_canonical_value_is_the_json_text(value):
    assert canonical_value(value) == text(value)


@settings(max_examples=draws(500), deadline=None)
@given(st.lists(values, max_size=8))
def test_sorted_values_is_the_canonical_order(found):
    assert list(map(repr, sorted_values(found))) == list(map(repr, reference(found)))
    assert [type(v) for v in sorted_values(found)] == [type(v) for v in reference(found)]


json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 3), st.sampled_from([1.0, -0.0, 0.0, 2.5, 3.0]),
    st.floats(allow_nan=False, allow_infinity=False), st.text(alphabet="ab", max_size=2))
json_values = st.recursive(json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(alphabet="ab", max_size=2), inner,
                                                 max_size=3)), max_leaves=6)


def retyped(value: Any) -> Any:
    """``value`` with each integral number written the other way (``1`` as ``1.0``, ``2.0``
    as ``2``): the same value to JSON Schema, another text."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int):
        return float(value)
    if isinstance(value, float):
        return int(value) if value.is_integer() else value
    if isinstance(value, list):
        return [retyped(item) for item in value]
    return {name: retyped(item) for name, item in value.items()}


@settings(max_examples=draws(1000), deadline=None)
@given(st.one_of(st.tuples(json_values, json_values),
                 json_values.map(lambda value: (value, retyped(value)))))
def test_value_identity_is_equal_exactly_where_json_schema_is(pair):
    """The differ's identity of an ``enum``/``const`` value agrees with the guard's key, which
    is held to ``jsonschema``'s own ``equal`` (tests/fieldpaths/test_equality.py)."""
    a, b = pair
    assert (value_identity(a) == value_identity(b)) == (keyed(a) == keyed(b)), (a, b)


def test_value_identity_compares_numbers_at_any_depth():
    assert value_identity([1.0, {"a": -0.0}]) == value_identity([1, {"a": 0}])
    assert value_identity({"a": [2.0]}) == value_identity({"a": [2]})
    assert value_identity([True]) != value_identity([1])
    assert value_identity([1.5]) != value_identity([1])


def test_strings_and_numbers_sort_by_their_json_text():
    # '"a b"' < '"a"': the space sorts before the closing quote; "10" < "9" as texts
    assert sorted_values(["a", "a b", "b"]) == ("a b", "a", "b")
    assert sorted_values([9, 10, True, None, 9]) == (10, 9, None, True)
    assert sorted_values([1, 1.0]) == (1, 1.0)  # two texts: "1" and "1.0"


def test_an_entry_takes_nothing_only_where_no_value_fits():
    """``false`` and ``{"not": {}}`` take no value; any value (``{}``) and a type take some."""
    def at_b(schema: Any) -> bool:
        return extract_paths({"type": "object", "properties": {"b": schema}})["b"].takes_nothing

    assert at_b(False) and at_b({"not": {}}) and at_b({"type": "string", "not": True})
    assert not at_b({}) and not at_b(True) and not at_b({"type": "null"})
    # an empty `enum` keeps its type: the enum rules speak of the values it takes
    assert not at_b({"enum": []}) and not at_b({"type": "string", "enum": []})
