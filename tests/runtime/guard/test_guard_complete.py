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
    {"students": [{"name": "ann", "missing": ["essay"]}]},       # its own list: its data
    {"boards": [{"tasks": [{"done": "x", "complete": False}], "complete": True}]},
])
def test_a_record_s_own_flag_in_a_list_is_its_data_not_a_cut(structured):
    verdict = g.classify_result(result(structured), TOOL, POLICY)
    assert verdict.category == g.OK, verdict


@pytest.mark.parametrize("structured", [
    {"files": [{"path": "a.log", "truncated": True, "size": 9}]},
    # the probe's: a counted list of files, one file's content cut
    {"count": 1, "files": [{"path": "/var/log/app.log", "content": "line 1\n",
                            "truncated": True}]},
    {"rows": [{"id": 1, "body": "...", "partial": True}]},
])
def test_an_item_s_truncated_flag_says_its_content_was_cut(structured):
    # `complete: false` on a record is its data (a task not done); `truncated: true` on
    # it says what it holds was cut
    verdict = g.classify_result(result(structured), TOOL, POLICY)
    assert (verdict.category, verdict.complete) == (g.PARTIAL, False), verdict


@pytest.mark.parametrize("structured", [
    {"sources": [{"name": "a", "items": [1], "complete": False}]},  # the item's own list
    {"sources": [{"page": {"items": [1], "truncated": True}}]},
    {"sources": [{"items": [1, 2], "total": 3}]},
])
def test_an_item_s_flag_on_a_list_it_holds_still_says_it_was_cut(structured):
    assert g.classify_result(result(structured), TOOL, POLICY).category == g.PARTIAL


@pytest.mark.parametrize("structured", [
    {"items": [{"id": 1}, {"id": 2}], "count": 2, "next_cursor": "abc"},
    {"items": [{"id": 1}, {"id": 2}], "total_count": 2, "has_more": True},
    {"items": [1], "total": 2, "nextPageToken": "p2"},        # a first page, not a cut one
    {"data": [1], "hasMore": True, "complete": True},
    {"results": [1], "next": "https://api.example.com/?page=2"},
    {"page": {"items": [1], "more": True}, "total": 1},
])
def test_a_page_that_says_more_exist_is_unknown_not_complete_nor_partial(structured):
    verdict = g.classify_result(result(structured), TOOL, POLICY)
    assert (verdict.category, verdict.complete) == (g.OK, g.UNKNOWN), verdict


@pytest.mark.parametrize("structured", [
    {"items": [1, 2], "count": 2, "next_cursor": None},
    {"items": [1, 2], "count": 2, "next_cursor": ""},
    {"items": [1, 2], "total": 2, "has_more": False},
    {"value": 1, "next": {"value": 2}},                     # a linked node, no cursor
])
def test_no_more_is_still_verified_complete(structured):
    assert complete(structured) is True


def test_the_more_signals_are_policy_fields():
    policy = g.GuardPolicy(more_fields=("moreRows",), cursor_fields=("after",))
    for structured in ({"rows": [1], "total": 1, "moreRows": True},
                       {"rows": [1], "total": 1, "after": "x"}):
        assert g.classify_result(result(structured), TOOL, policy).complete == g.UNKNOWN
    assert g.classify_result(result({"rows": [1], "total": 1, "has_more": True}), TOOL,
                             policy).complete is True


@pytest.mark.parametrize("structured", [
    {"installed": ["requests"], "missing": ["numpy"]},          # a full answer
    {"word": "x", "count": 5, "first_lines": [3, 9]},          # occurrences, a sample
    {"sources": [{"items": [1], "missing": ["page 2"]}]},
    {"orders": ["a"], "complete": True, "missing": ["b"]},     # contradicted: not vouched
])
def test_weak_signals_alone_are_unknown_not_partial(structured):
    verdict = g.classify_result(result(structured), TOOL, POLICY)
    assert (verdict.category, verdict.complete) == (g.OK, g.UNKNOWN), verdict


def test_missing_beside_a_flag_that_says_incomplete_is_what_the_partial_lacks():
    verdict = g.classify_result(result({"orders": ["a"], "complete": False,
                                        "missing": ["page 2"]}), TOOL, POLICY)
    assert (verdict.category, verdict.missing) == (g.PARTIAL, ("page 2",))


@pytest.mark.parametrize(("text", "category", "complete"), [
    ('{"items": [1, 2, 3], "truncated": true}', g.PARTIAL, False),
    ('{"orders": ["a"], "total": 3}', g.PARTIAL, False),
    ('[{"id": 1, "body": "x", "truncated": true}]', g.PARTIAL, False),
    ('{"items": [1, 2, 3], "truncated": false}', g.OK, g.UNKNOWN),  # text is never verified
    ('{"items": [1]}', g.OK, g.UNKNOWN),
])
def test_text_only_json_says_whether_it_is_whole(text, category, complete):
    verdict = g.classify_result(result(None, text=text), TOOL, POLICY)
    assert (verdict.category, verdict.complete) == (category, complete), verdict


def test_a_declared_completeness_of_a_text_only_result():
    policy = g.GuardPolicy(completeness={"t": {"cursor": "nextCursor"}})
    cut = result(None, text='{"items": [1], "nextCursor": "p2"}')
    assert g.classify_result(cut, TOOL, policy).category == g.PARTIAL
    whole = result(None, text='{"items": [1], "nextCursor": null}')
    assert g.classify_result(whole, TOOL, policy).complete == g.UNKNOWN
