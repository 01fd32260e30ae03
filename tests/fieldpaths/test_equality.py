"""``uniqueItems``, ``enum`` and ``const`` in linear time (parity/fieldpaths/equality.py):
the verdicts ``jsonschema``'s own keywords give, on chosen values and on drawn ones, with
work that grows with the items, not with their pairs."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft7Validator, Draft202012Validator

from parity.fieldpaths import equality
from parity.fieldpaths.equality import all_distinct, keyed
from parity.fieldpaths.patterns import budgeted
from tests.linecount import lines_run
from tests.properties import draws

CLASSES = [Draft202012Validator, Draft7Validator]

#: few distinct scalars, so drawn lists and enums hold equal values often, and the ones
#: Python confuses and JSON does not (``true`` and ``1``, ``false`` and ``0``)
scalars = st.sampled_from([None, True, False, 0, 1, 1.0, 0.0, 2, "", "a", "1"])
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.sampled_from("ab"), inner, max_size=2),
                           max_leaves=6)


@pytest.mark.parametrize(("items", "unique"), [
    ([1, 1.0], False),
    ([1, True], True),
    ([0, False], True),
    ([[1], [True]], True),
    ([{"a": 1, "b": [2]}, {"b": [2.0], "a": 1}], False),
    ([{"a": 1}, {"a": 1, "b": None}], True),
    ([None, [], {}, ""], True),
    (["1", 1], True),
    ([[{"a": [False]}], [{"a": [0]}]], True),
])
@pytest.mark.parametrize("cls", CLASSES)
def test_unique_items_gives_jsonschemas_verdicts(cls, items, unique):
    schema = {"uniqueItems": True}
    assert cls(schema).is_valid(items) is unique  # the cases read as JSON reads them
    assert budgeted(cls)(schema).is_valid(items) is unique


@pytest.mark.parametrize(("allowed", "value", "found"), [
    ([1, 2], 1.0, True),
    ([1, 2], True, False),
    ([True], 1, False),
    ([0], False, False),
    ([{"a": [1]}], {"a": [1.0]}, True),
    ([[1, 2]], [2, 1], False),
    ([None], None, True),
    (["a"], ["a"], False),
])
@pytest.mark.parametrize("cls", CLASSES)
def test_enum_gives_jsonschemas_verdicts(cls, allowed, value, found):
    schema = {"enum": allowed}
    assert cls(schema).is_valid(value) is found
    assert budgeted(cls)(schema).is_valid(value) is found


@pytest.mark.parametrize(("constant", "value", "found"), [
    (1, 1.0, True),
    (1, True, False),
    (False, 0, False),
    ({"a": [1]}, {"a": [1.0]}, True),
    ({"a": 1}, {"a": 1, "b": 1}, False),
    ([1, 2], [2, 1], False),
    ([1], {"0": 1}, False),
    ("a", ["a"], False),
    (None, None, True),
    ("x" * 300, "x" * 300, True),
])
@pytest.mark.parametrize("cls", CLASSES)
def test_const_gives_jsonschemas_verdicts(cls, constant, value, found):
    schema = {"const": constant}
    assert cls(schema).is_valid(value) is found
    assert budgeted(cls)(schema).is_valid(value) is found


@settings(max_examples=draws(300), deadline=None)
@given(items=st.lists(json_values, max_size=6), allowed=st.lists(json_values, max_size=4),
       value=json_values)
def test_drawn_values_get_jsonschemas_verdicts(items, allowed, value):
    for cls in CLASSES:
        assert budgeted(cls)({"uniqueItems": True}).is_valid(items) is \
            cls({"uniqueItems": True}).is_valid(items)
        assert budgeted(cls)({"enum": allowed}).is_valid(value) is \
            cls({"enum": allowed}).is_valid(value)
        for constant in allowed:
            assert budgeted(cls)({"const": constant}).is_valid(value) is \
                cls({"const": constant}).is_valid(value)


@settings(max_examples=draws(200), deadline=None)
@given(one=json_values, two=json_values)
def test_two_values_have_one_key_exactly_when_jsonschema_calls_them_equal(one, two):
    assert (keyed(one) == keyed(two)) is (not all_distinct([one, two]))
    assert (keyed(one) == keyed(two)) is not Draft202012Validator(
        {"uniqueItems": True}).is_valid([one, two])


def test_values_no_json_decoder_makes_are_left_to_jsonschema():
    odd: list[Any] = [{1, 2}, {1, 2}]  # sets: no key, and jsonschema compares them itself
    with pytest.raises(TypeError):
        keyed(odd[0])
    for schema, value in (({"uniqueItems": True}, odd), ({"enum": odd}, {1, 2})):
        assert budgeted(Draft202012Validator)(schema).is_valid(value) is \
            Draft202012Validator(schema).is_valid(value)


def test_a_failing_values_message_names_a_few_allowed_values_and_how_many():
    large = [f"v{i}" for i in range(100)]
    error = next(budgeted(Draft202012Validator)({"enum": large}).iter_errors("w"))
    assert error.message == ("'w' is not one of ['v0', 'v1', 'v2', 'v3', 'v4', 'v5', 'v6', "
                             "'v7', ...] (100 values)")
    small = next(budgeted(Draft202012Validator)({"enum": ["a", 1]}).iter_errors("w"))
    assert small.message == "'w' is not one of ['a', 1]"
    assert small.validator == "enum" and list(small.absolute_path) == []


def test_a_failing_values_message_shows_a_long_constant_in_part():
    """``jsonschema``'s own message for a short constant; a long one shown in part, with its
    length."""
    small = next(budgeted(Draft202012Validator)({"const": {"a": 1}}).iter_errors(2))
    assert small.message == next(Draft202012Validator({"const": {"a": 1}}).iter_errors(2)).message
    assert small.validator == "const"
    large = {f"k{i:03d}": i for i in range(100)}
    errors = list(budgeted(Draft202012Validator)(
        {"type": "array", "items": {"const": large}}).iter_errors([1, 2, 3]))
    text = repr(large)
    assert [e.message for e in errors] == [
        f"{text[:equality.SHOWN_CHARACTERS]}... ({len(text):,} characters) was expected"] * 3


def test_an_enums_keys_are_computed_once_for_all_the_items_it_checks(monkeypatch):
    calls = []
    real = equality.keyed

    def counting(value: Any) -> Any:
        calls.append(value)
        return real(value)

    monkeypatch.setattr(equality, "keyed", counting)
    allowed = [f"v{i}" for i in range(50)]
    schema = {"type": "array", "items": {"enum": allowed}}
    assert budgeted(Draft202012Validator)(schema).is_valid([f"v{i}" for i in range(40)])
    assert len(calls) == 50 + 40  # each allowed value once, each item once


def test_an_object_among_plain_values_is_not_read(monkeypatch):
    calls: list[Any] = []
    real = equality.keyed

    def counting(value: Any) -> Any:
        calls.append(value)
        return real(value)

    monkeypatch.setattr(equality, "keyed", counting)
    large = {f"k{i}": [i] for i in range(1000)}
    assert not budgeted(Draft202012Validator)({"enum": ["a", "b"]}).is_valid(large)
    assert calls == ["a", "b"]  # the allowed values, once; the object never
    assert budgeted(Draft202012Validator)({"enum": ["a", {"k": 1}]}).is_valid({"k": 1.0})


@pytest.mark.parametrize("case", ["unique objects", "items failing a large enum"])
def test_the_work_grows_with_the_items_not_with_their_pairs(case):
    """The Python lines run for 16 items and for 64: linear work about 4x, pairwise 16x
    (here 3.5x and 3.9x; ``jsonschema``'s own keywords read 15.6x and 7.3x)."""
    def validate(n: int) -> int:
        if case == "unique objects":
            schema: dict[str, Any] = {"type": "array", "uniqueItems": True}
            value: Any = [{"id": i, "tags": [i, str(i)]} for i in range(n)]
        else:
            schema = {"type": "array", "items": {"enum": [f"v{i}" for i in range(n)]}}
            value = [f"w{i}" for i in range(n)]
        # every error, as the guard's ``best_match`` reads them
        return len(list(budgeted(Draft202012Validator)(schema).iter_errors(value)))

    validate(4)  # the validator class built, once
    small, large = (lines_run(lambda n=n: validate(n))[0] for n in (16, 64))
    assert large / small <= 5.0, (small, large)


def test_the_messages_grow_with_the_items_not_with_the_constant_each_fails():
    """The characters written into the failures of items failing one large constant, for 16
    items against a constant of 16 keys and for 64 against 64: linear about 4x, the
    constant written into each failure 16x (``jsonschema``'s own ``const``)."""
    def written(n: int, cls: Any) -> int:
        schema = {"type": "array", "items": {"const": {f"k{i}": [i] for i in range(n)}}}
        return sum(len(e.message) for e in cls(schema).iter_errors([{"w": i} for i in range(n)]))

    mine = written(64, budgeted(Draft202012Validator)) / written(16, budgeted(Draft202012Validator))
    theirs = written(64, Draft202012Validator) / written(16, Draft202012Validator)
    assert mine <= 5.0 < theirs, (mine, theirs)
