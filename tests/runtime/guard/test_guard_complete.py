"""Generic completeness (``guard.complete``): a field that affirms completeness vouches only
for the arrays of the object it sits in (and below it); a result is verified complete only
when every array in it is vouched for, and what the guard does not read is not vouched for."""

from __future__ import annotations

import pytest
from guardfixtures import POLICY, result

from parity.runtime import guard as g

TOOL = {"name": "t"}


def complete(structured):
    return g.classify_result(result(structured), TOOL, POLICY).complete


def nested(inner, levels):
    for _ in range(levels):
        inner = {"k": inner}
    return inner


@pytest.mark.parametrize("structured", [
    {"order": {"id": 1, "isComplete": True}, "lines": [{"sku": "a"}]},   # the probe's
    {"project": {"name": "launch", "complete": True}, "tasks": [{"title": "t0"}]},
    {"tasks": [{"title": "a", "complete": True}]},          # a task's own flag, not the list's
    {"meta": {"truncated": False}, "data": [1, 2]},
    {"page": {"total": 1, "items": ["a"]}, "other": ["x", "y"]},  # a count is its array's
    {"total": 2, "orders": [{"tags": ["a"]}, {"tags": []}]},  # its length, not what items hold
])
def test_a_flag_beside_a_list_says_nothing_of_it(structured):
    assert complete(structured) == g.UNKNOWN


@pytest.mark.parametrize("structured", [
    {"order": {"isComplete": True, "lines": ["a"]}, "note": "x"},
    {"complete": True, "page": {"items": ["a"], "groups": [["b"]]}},   # and below it
    {"page": {"truncated": False, "items": ["a"]}, "meta": {"total": 1}},
    {"total": 2, "orders": [{"tags": ["a"], "complete": True},
                            {"tags": [], "complete": True}]},       # each item's own
    {"total": 5000, "ids": list(range(5000))},                      # no width bound
    {"a": {"complete": True, "x": [1]}, "b": {"total": 1, "y": [2]}},  # every array vouched
    {"complete": True, "deep": nested({"lines": [1, 2]}, 20)},     # the flag's word
    {"temp": 3},
    nested({"v": 1}, 8),
])
def test_a_result_whose_every_array_is_vouched_for_is_complete(structured):
    assert complete(structured) is True


@pytest.mark.parametrize("structured", [
    nested({"lines": [1, 2]}, 8),      # an array past the depth read: not "no array"
    nested({"v": 1}, 9),               # nothing past it is read, so nothing is verified
    nested({"isComplete": True, "lines": [1]}, 9),
])
def test_running_out_of_depth_is_unknown_not_complete(structured):
    verdict = g.classify_result(result(structured), TOOL, POLICY)
    assert (verdict.category, verdict.complete) == (g.OK, g.UNKNOWN)
    outcome = g.make_outcome(verdict, operation="t", correlation_id="c", sent=True,
                             started=0.0)
    assert outcome.answer_policy == g.NO_DEFINITIVE_CLAIMS


def test_a_field_that_says_incomplete_counts_wherever_it_sits():
    # the guard cannot tell a project's own `complete: false` from a lost page: it errs
    # towards not claiming the answer whole
    verdict = g.classify_result(result({"project": {"complete": False}, "tasks": ["a"]}),
                                TOOL, POLICY)
    assert verdict.category == g.PARTIAL


@pytest.mark.parametrize("structured", [
    {"tasks": [{"title": "a", "complete": False}, {"title": "b", "isComplete": False}]},
    {"files": [{"path": "a.log", "truncated": True, "size": 9}]},
    {"students": [{"name": "ann", "missing": ["essay"]}]},       # its own list: its data
    {"boards": [{"tasks": [{"done": "x", "complete": False}], "complete": True}]},
])
def test_a_record_s_own_flag_in_a_list_is_its_data_not_a_cut(structured):
    verdict = g.classify_result(result(structured), TOOL, POLICY)
    assert verdict.category == g.OK, verdict


@pytest.mark.parametrize("structured", [
    {"sources": [{"name": "a", "items": [1], "complete": False}]},  # the item's own list
    {"sources": [{"page": {"items": [1], "truncated": True}}]},
    {"sources": [{"items": [1], "missing": ["page 2"]}]},
    {"sources": [{"items": [1, 2], "total": 3}]},
])
def test_an_item_s_flag_on_a_list_it_holds_still_says_it_was_cut(structured):
    assert g.classify_result(result(structured), TOOL, POLICY).category == g.PARTIAL
