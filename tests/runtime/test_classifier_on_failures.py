"""The guard held to real failures in hard shapes: published servers that report a failure
as a plain success (no ``isError``), or with ``isError`` and an odd body.

tests/fixtures/published/failures.json: 47 answers of 8 published servers (9 configurations),
pinned and captured over stdio by ``capture_failures.py`` beside it. The truth is not the
answer's ``isError`` but the server's own source: the branch that produced the answer, named
in each answer's ``source``. The guard's promise: no real failure is ever taken for a
definitive success (``ok`` or ``partial`` without ``suspect``). docs/guard.md reports these
numbers.
"""

from __future__ import annotations

from collections import Counter

import pytest

from parity.runtime import guard as g
from tests.published import captured

ANSWERS, TOOLS = captured("failures.json", "failures_tools.json")
POLICY = g.GuardPolicy()


def _decided(answer: dict) -> g.Verdict:
    return g.classify_result(answer["result"], TOOLS[(answer["server"], answer["tool"])],
                             POLICY)


def _taken_for_success(decided: g.Verdict) -> bool:
    """A definitive-looking success: passed, and not flagged."""
    return decided.category in (g.OK, g.PARTIAL) and not decided.suspect


@pytest.mark.parametrize("answer", [a for a in ANSWERS if a["truth"] == "failure"],
                         ids=lambda a: f"{a['server']}:{a['tool']}:{a['source'][:40]}")
def test_no_real_failure_is_taken_for_a_definitive_success(answer: dict) -> None:
    decided = _decided(answer)
    assert not _taken_for_success(decided), (
        f"{answer['version']} {answer['tool']} failed ({answer['source']}), but the guard "
        f"says {decided.category} without suspect: {answer['result']['content']}")


def test_the_counts_on_real_failures_and_successes() -> None:
    counts: Counter[str] = Counter()
    for answer in ANSWERS:
        decided = _decided(answer)
        failed = decided.category not in (g.OK, g.PARTIAL)
        truth = answer["truth"]
        counts[truth] += 1
        counts[f"{truth} without isError"] += answer["result"].get("isError") is not True
        if truth == "failure":
            counts["failures failed"] += failed
            counts["failures flagged suspect"] += not failed and bool(decided.suspect)
        else:
            counts["false failures"] += failed
            counts["successes flagged suspect"] += not failed and bool(decided.suspect)
    assert dict(counts) == {
        "failure": 27, "failure without isError": 14, "failures failed": 13,
        "failures flagged suspect": 14,
        "success": 20, "success without isError": 20, "false failures": 1,
        "successes flagged suspect": 2}


def test_the_one_false_failure_is_a_list_of_bare_error_objects() -> None:
    # `SELECT error FROM jobs` through database-server: `[{"error": "timeout"}]` as text,
    # no schema: indistinguishable from a list of errors, so it fails (errs safe); the same
    # rows with their ids beside (`SELECT id, error`) are data
    failed = [a for a in ANSWERS if a["truth"] == "success"
              and _decided(a).category not in (g.OK, g.PARTIAL)]
    assert [(a["server"], a["arguments"]) for a in failed] == [
        ("database-server", {"query": "SELECT error FROM jobs"})]


def test_no_answer_that_says_it_was_cut_is_verified_complete() -> None:
    # mcp-alchemy's `-> str` "Result: showing first 4 rows (output truncated)", SDK-wrapped,
    # and fetch's "<error>Content truncated...": text, which vouches for nothing
    cut = [a for a in ANSWERS if "truncated" in str(a["result"]["content"])]
    assert {a["server"] for a in cut} >= {"mcp-alchemy", "mcp-server-fetch"}
    assert [(a["server"], _decided(a).complete) for a in cut
            if _decided(a).complete is True] == []
