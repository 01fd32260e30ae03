"""``canonical_json`` is byte-identical to ``rfc8785.dumps`` (or raises ``ValueDomainError``
where it raises)."""

from __future__ import annotations

import math
import struct

import pytest
import rfc8785
from hypothesis import given, settings
from hypothesis import strategies as st

from parity.core.canonical import canonical_json, es6_number
from parity.errors import ValueDomainError
from tests.properties import draws

_KEY_CHARS = st.sampled_from(["a", "b", "é", "\x00", "\x1f", "\x7f", "\u2028", "\u2029",
                              "\ud7ff", "\ue000", "\uff21", "\ufb01", "\uffff", "😀",
                              "\U00010000", "\U0010ffff", '"', "\\", "\n"])
KEYS = st.one_of(st.text(max_size=4), st.text(_KEY_CHARS, max_size=4))
SCALARS = st.one_of(
    st.none(), st.booleans(), st.text(), st.text(_KEY_CHARS),
    st.integers(min_value=-(2**53) - 2, max_value=2**53 + 2), st.integers(),
    st.floats(), st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.sampled_from([0.0, -0.0, 1.0, -1.0, 2.0**53, 2.0**53 - 1, 1e16, 1e21, 1e-4, 1e-5,
                     1e-6, 1e-7, 9.999999999999999e-05, 5e-324, 1.7976931348623157e308,
                     123.456, 0.1, 3.0e10, 1.5e16, 1e20, math.inf, math.nan]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(KEYS, inner, max_size=5)), max_leaves=30)


def _outcome(fn, value):
    try:
        return fn(value)
    except Exception as exc:  # comparing failure with failure
        return type(exc)


def _same(value) -> None:
    """Byte-identical output, or: what rfc8785 refuses is an input error naming the place."""
    expected = _outcome(rfc8785.dumps, value)
    got = _outcome(canonical_json, value)
    if isinstance(expected, type):
        assert got is ValueDomainError
    else:
        assert got == expected


@settings(max_examples=draws(1500), deadline=None)
@given(VALUES)
def test_identical_to_rfc8785(value) -> None:
    _same(value)


@settings(max_examples=draws(3000), deadline=None)
@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_every_float_prints_as_rfc8785(bits) -> None:
    f = struct.unpack("<d", bits.to_bytes(8, "little"))[0]
    if math.isfinite(f):
        assert es6_number(f) == rfc8785.dumps(f).decode()
        assert canonical_json([f, {"k": f}]) == rfc8785.dumps([f, {"k": f}])


@pytest.mark.parametrize("value", [
    {"b": 1, "a": [1.0, -0.0, 1e-7, 1e21, 0.5, 2.0, None, True, False]},
    {"\U0001f600": 1, "\uff21": 2, "a": 3},  # UTF-16 and code-point order disagree
    {"\U0001f600": 1, "a": 2},               # they agree
    {"ctl": "\x00\x01\x08\x09\x0a\x0c\x0d\x1f\x7f\u2028\u2029\"\\/"},
    {"big": 2**53 - 1, "neg": -(2**53 - 1)},
    [{"x": [[], {}, ""]}],
    "\ud800", {"k": "\ud800"}, {"\udbff": 1}, ["\ud800" + "1" + "\udbff", 1.0],
    2**53, -(2**53), {"a": 2**60}, math.nan, [math.inf], {1: "x"}, (1, 2), {"t": (1.0,)},
    1.0, -0.0, 5e-324, "plain",
])
def test_hand_picked(value) -> None:
    _same(value)


def test_deep_and_wide_values() -> None:
    deep: list = []
    node = deep
    for _ in range(5000):
        inner: list = [1.5]
        node.append(inner)
        node = inner
    _same(deep)
    wide = {f"k{i}": [i, i / 7, float(i), "\u00e9" * (i % 3)] for i in range(2000)}
    assert canonical_json(wide) == rfc8785.dumps(wide)


def test_subclasses_fall_back() -> None:
    import enum

    class N(enum.IntEnum):
        ONE = 1

    class S(str):
        pass

    for value in ({"n": N.ONE}, {S("k"): S("v")}, [N.ONE, 1.5]):
        _same(value)
