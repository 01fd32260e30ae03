"""Matching patterns in bounded time (parity/fieldpaths/patterns.py): what ``re`` matches,
matched alike; a runaway backtrack stopped; what ``re`` cannot read, still unread."""

from __future__ import annotations

import re

import pytest
from jsonschema import Draft7Validator, Draft201909Validator, Draft202012Validator

from parity.fieldpaths.patterns import PatternTimeout, budgeted, search, shortest_match

#: ``regex`` backtracks on it too: 40 characters take far past the budget
RUNAWAY = "^(a|aa)+b$"


@pytest.mark.parametrize("pattern", ["^[a-z]+__[a-z_]+$", "\\d+", "^$", "a.b", "(?i)abc",
                                     "^\\w+$", "x$", "^[^\\x00]*$"])
@pytest.mark.parametrize("text", ["", "abc", "ABC", "web__search", "a\nb", "x\n", "١٢",
                                  "é_1", "\x00"])
def test_search_finds_what_re_finds(pattern, text):
    assert search(pattern, text) is (re.search(pattern, text) is not None)


def test_a_runaway_backtrack_stops_with_a_timeout():
    assert search(RUNAWAY, "aab")
    with pytest.raises(PatternTimeout, match="backtracks"):
        search(RUNAWAY, "a" * 40)


def test_a_pattern_re_cannot_compile_is_still_an_re_error():
    with pytest.raises(re.error):
        search("^\\p{L}+$", "abc")


@pytest.mark.parametrize("cls", [Draft202012Validator, Draft7Validator])
@pytest.mark.parametrize("schema", [
    {"type": "string", "pattern": RUNAWAY},
    {"type": "object", "patternProperties": {RUNAWAY: {}}},
    {"type": "object", "additionalProperties": False, "patternProperties": {RUNAWAY: {}}},
    {"type": "object", "propertyNames": {"pattern": RUNAWAY}},
])
def test_every_keyword_that_matches_a_pattern_is_bounded(cls, schema):
    value = "a" * 40 if "pattern" in schema else {"a" * 40: 1}
    with pytest.raises(PatternTimeout):
        budgeted(cls)(schema).is_valid(value)


@pytest.mark.parametrize("schema", [
    {"type": "object", "properties": {"a": {}}, "additionalProperties": False},
    {"type": "object", "patternProperties": {"^x-": {"type": "string"}},
     "additionalProperties": False},
    {"type": "object", "patternProperties": {"^x-": {"type": "string"}},
     "additionalProperties": {"type": "integer"}},
    {"type": "string", "pattern": "^[a-c]+$"},
])
@pytest.mark.parametrize("value", [{"a": 1}, {"x-1": "s"}, {"x-1": 1}, {"b": 1}, {"b": "s"},
                                   "abc", "abd", {}])
def test_the_bounded_keywords_give_jsonschemas_verdicts(schema, value):
    bounded = budgeted(Draft202012Validator)(schema)
    assert bounded.is_valid(value) is Draft202012Validator(schema).is_valid(value)
    assert [e.validator for e in bounded.iter_errors(value)] == \
        [e.validator for e in Draft202012Validator(schema).iter_errors(value)]


#: ``re`` and ``regex`` take about a second on it unbounded: long enough to pass the budget,
#: short enough that a test of an unbounded keyword fails rather than hangs
SLOW_KEY = "a" * 34


@pytest.mark.parametrize("cls", [Draft202012Validator, Draft201909Validator])
@pytest.mark.parametrize("schema", [
    {"unevaluatedProperties": False, "patternProperties": {RUNAWAY: {}}},
    # the finder of evaluated keys follows $ref by calling itself: bounded there too
    {"$ref": "#/$defs/keys", "unevaluatedProperties": False,
     "$defs": {"keys": {"patternProperties": {RUNAWAY: {}}}}},
])
def test_unevaluated_properties_matches_its_patterns_within_the_budget(cls, schema):
    # jsonschema's own finder matches with ``re``, before any patternProperties keyword of
    # ours runs when unevaluatedProperties comes first: the keyword itself must be bounded
    validator = budgeted(cls)(schema)
    keyword = validator.VALIDATORS["unevaluatedProperties"]
    with pytest.raises(PatternTimeout):
        list(keyword(validator, False, {SLOW_KEY: 1}, schema))


@pytest.mark.parametrize("cls", [Draft202012Validator, Draft201909Validator])
@pytest.mark.parametrize("schema", [
    {"type": "object", "patternProperties": {"^x-": {"type": "string"}},
     "unevaluatedProperties": False},
    {"allOf": [{"patternProperties": {"^x-": {}}}], "properties": {"a": {}},
     "unevaluatedProperties": {"type": "integer"}},
    {"$ref": "#/$defs/keys", "unevaluatedProperties": False,
     "$defs": {"keys": {"patternProperties": {"^x-": {}}}}},
])
@pytest.mark.parametrize("value", [{"x-1": "s"}, {"x-1": 1}, {"b": 1}, {"b": "s"}, {"a": 1},
                                   {}, "abc"])
def test_bounded_unevaluated_properties_gives_jsonschemas_verdicts(cls, schema, value):
    bounded = budgeted(cls)(schema)
    assert bounded.VALIDATORS["unevaluatedProperties"] is not \
        cls.VALIDATORS["unevaluatedProperties"]
    assert [e.message for e in bounded.iter_errors(value)] == \
        [e.message for e in cls(schema).iter_errors(value)]


def test_the_shortest_match_of_a_pattern_is_read_without_building_it():
    assert shortest_match("^((b{1000}){1000}){1000}$") == 10**9
    assert shortest_match("^[a-z]+__[a-z_]+$") == 4
    assert shortest_match("(a") is None


def test_a_pattern_that_would_unroll_past_the_bound_is_not_compiled():
    with pytest.raises(PatternTimeout, match="unrolls past"):
        search("^((b{1000}){1000}){1000}$", "b")
    assert search("^(b{1000}){50}$", "b" * 50_000)
