"""A guarded call's own work grows with the result, not with its square (docs/security.md,
"The guard"): for each shape a server may answer with, the Python lines classifying it
(``classify_result``: envelope, error shapes, the pinned ``outputSchema``, completeness),
redacting it into the outcome and checking the arguments execute for 16 items and for 64.
Linear work grows about 4x, pairwise 16x; 5x is allowed (here 1.0x to 3.8x). Before
``uniqueItems`` and ``enum`` compared values by hashing (parity/fieldpaths/equality.py),
their shapes grew 11x to 12x: 2,000 unique objects took 5 s a result, 10,000 some two
minutes. Counted by ``tests.linecount``, never a clock."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest

from parity.runtime import guard as g
from parity.runtime.guard.outcome import make_outcome
from parity.runtime.guard.schemas import check_arguments
from tests.linecount import lines_run

MOST = 5.0
SECRETS = g.GuardPolicy(secrets=tuple(f"secret-{i:02d}-value" for i in range(20)))


def rows(n: int) -> list[dict[str, Any]]:
    return [{"id": i, "name": f"row {i}", "tags": ["a", str(i)]} for i in range(n)]


def answer(structured: Any) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": "see structuredContent"}],
            "structuredContent": structured}


def tool(output: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"name": "t", "inputSchema": {"type": "object"},
            **({} if output is None else {"outputSchema": output})}


def listed(items: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": {"rows": {"type": "array", "items": items}}}


#: shape -> n -> (the pinned definition, the raw result, the category it comes to)
SHAPES: dict[str, Callable[[int], tuple[dict[str, Any], dict[str, Any], str]]] = {
    "a list of typed objects": lambda n: (tool(listed({
        "type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]})),
        answer({"rows": rows(n)}), g.OK),
    "unique objects": lambda n: (tool({"type": "object", "properties": {"rows": {
        "type": "array", "uniqueItems": True}}}), answer({"rows": rows(n)}), g.OK),
    "items failing a large enum": lambda n: (
        tool(listed({"enum": [f"v{i}" for i in range(8 * n)]})),
        answer({"rows": [f"w{i}" for i in range(n)]}), g.CONTRACT_VIOLATION),
    "a closed object's extra keys": lambda n: (
        tool({"type": "object", "properties": {"a": {}}, "additionalProperties": False}),
        answer({f"k{i}": i for i in range(n)}), g.CONTRACT_VIOLATION),
    "pattern properties": lambda n: (tool({"type": "object", "patternProperties": {
        "^k[0-9]+$": {"type": "integer"}, "^z": {}}}), answer({f"k{i}": i for i in range(n)}),
        g.OK),
    "required keys missing": lambda n: (tool({"type": "object", "required": [
        f"r{i}" for i in range(n)]}), answer({}), g.CONTRACT_VIOLATION),
    "items failing every branch": lambda n: (tool(listed({"anyOf": [
        {"type": "integer"}, {"type": "object", "required": ["q"]}]})),
        answer({"rows": rows(n)}), g.CONTRACT_VIOLATION),
    "JSON text content": lambda n: (tool(), {"content": [{"type": "text", "text": json.dumps(
        {"rows": rows(n)})}]}, g.OK),
    "many content blocks": lambda n: (tool(), {"content": [
        {"type": "text", "text": f"part {i}"} for i in range(n)]}, g.OK),
    "a long missing list": lambda n: (tool(), answer({"rows": [1], "complete": False,
                                                      "missing": [f"m{i}" for i in range(n)]}),
                                      g.PARTIAL),
    "wide nested objects": lambda n: (tool(), answer({f"k{i}": {"a": {"b": i}}
                                                       for i in range(n)}), g.OK),
    "a wide error-shaped body": lambda n: (tool(), answer({"error": "rate_limited", **{
        f"k{i}": i for i in range(n)}}), g.TOOL_ERROR),
}


def classified(definition: dict[str, Any], raw: dict[str, Any]) -> g.Outcome:
    verdict = g.classify_result(raw, definition, SECRETS)
    return make_outcome(verdict, operation="t", correlation_id="c", sent=True,
                        started=time.monotonic(), secrets=SECRETS.secrets)


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_classifying_a_result_grows_with_the_result(shape):
    classified(*SHAPES[shape](4)[:2])  # validators built, modules imported
    counts = []
    for n in (16, 64):
        definition, raw, expected = SHAPES[shape](n)
        count, outcome = lines_run(lambda d=definition, r=raw: classified(d, r))
        assert outcome.category == expected, outcome.detail
        counts.append(count)
    assert counts[1] / counts[0] <= MOST, counts


@pytest.mark.parametrize("case", ["unique ids", "ids of a large enum"])
def test_checking_the_arguments_grows_with_the_arguments(case):
    def check(n: int) -> str | None:
        items = {"type": "string", "pattern": "^[a-z0-9]+$"}
        if case == "ids of a large enum":
            items = {"enum": [f"id{i}" for i in range(8 * n)][::-1]}
        definition = {"name": "t", "inputSchema": {"type": "object", "properties": {
            "ids": {"type": "array", "uniqueItems": True, "items": items}}}}
        return check_arguments(definition, {"ids": [f"id{i}" for i in range(n)]})

    check(4)
    counts = [lines_run(lambda n=n: check(n)) for n in (16, 64)]
    assert [reason for _, reason in counts] == [None, None]
    assert counts[1][0] / counts[0][0] <= MOST, counts
