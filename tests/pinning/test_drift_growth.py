"""Explaining drift grows with what changed, not with its square: the Python lines
``compare`` executes (a lock against a live listing, every change explained as field paths)
for 16 and 64 of a list's values, an object's keys or a catalog's tools. Linear work grows
about 4x, pairwise 16x; 5x is allowed (here 3.3x to 4.0x). A server at connect time reaches
every one of these. An ``enum`` of repeated values swapped read 9.4x (256 values against
1,024) while DeepDiff aligned plain lists with ``difflib`` too: 8,000 values took 5.7 s.
A key's own explanation costs some 1,400 lines (its extraction, the surface diff), so what
this catches is a square of comparable work (each removed key parsing the added ones again
reads 5.1x); a one-line scan per pair would show only past a thousand keys. Counted by
``tests.linecount``, never a clock."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from parity.pinning import lock
from parity.pinning.drift import compare
from tests.linecount import lines_run

Catalogs = tuple[list[dict[str, Any]], list[dict[str, Any]]]


def tool(name: str, properties: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"name": name, "inputSchema": {"type": "object", "properties": properties, **more}}


def values(n: int, first: int = 0) -> list[str]:
    return [f"v{i}" for i in range(first, first + n)]


#: what changed -> n -> (the locked tools, the live ones)
CHANGES: dict[str, Callable[[int], Catalogs]] = {
    "an enum's values shifted": lambda n: ([tool("a", {"k": {"enum": values(n)}})],
                                           [tool("a", {"k": {"enum": values(n, 1)}})]),
    "an enum reversed": lambda n: ([tool("a", {"k": {"enum": values(n)}})],
                                   [tool("a", {"k": {"enum": values(n)[::-1]}})]),
    "an enum of repeated values swapped": lambda n: (
        [tool("a", {"k": {"enum": ["a", "b"] * 8 * n}})],
        [tool("a", {"k": {"enum": ["b", "a"] * 8 * n}})]),
    "required names shifted": lambda n: (
        [tool("a", {f"v{i}": {} for i in range(n + 1)}, required=values(n))],
        [tool("a", {f"v{i}": {} for i in range(n + 1)}, required=values(n, 1))]),
    "a union's branches shifted": lambda n: (
        [tool("a", {"k": {"anyOf": [{"const": v} for v in values(n)]}})],
        [tool("a", {"k": {"anyOf": [{"const": v} for v in values(n, 1)]}})]),
    "every key retyped": lambda n: ([tool("a", {v: {"type": "string"} for v in values(n)})],
                                    [tool("a", {v: {"type": "integer"} for v in values(n)})]),
    "every key renamed": lambda n: (
        [tool("a", {f"p{i}": {"type": "string", "description": f"d{i}"} for i in range(n)})],
        [tool("a", {f"q{i}": {"type": "string", "description": f"d{i}"} for i in range(n)})]),
    "every tool changed": lambda n: ([tool(v, {"x": {"type": "string"}}) for v in values(n)],
                                     [tool(v, {"x": {"type": "integer"}}) for v in values(n)]),
    "every tool renamed": lambda n: ([tool(f"t{i}", {f"x{i}": {}}) for i in range(n)],
                                     [tool(f"u{i}", {f"x{i}": {}}) for i in range(n)]),
}


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_explaining_drift_grows_with_what_changed(change):
    def explained(n: int) -> int:
        locked, live = (lock.build("s", tools) for tools in CHANGES[change](n))
        count, drift = lines_run(lambda: compare(locked, live))
        # one change a tool: every tool, or the one
        assert len(drift.changes) == (n if change.startswith("every tool") else 1)
        assert all(c.fields or c.kind == "renamed" for c in drift.changes)
        return count

    explained(4)  # modules imported
    small, large = explained(16), explained(64)
    assert large / small <= 5.0, (small, large)
