"""The drill's body faults on servers whose contracts are spelled their own way: a lost page
said in the server's words (``partial``), a shape the tool's own output schema refuses
(``wrong_schema``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from parity.mcp import ServerSpec
from parity.runtime import guard as g
from parity.runtime.drill import DrillTarget, run_drill

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[3]
POLICY = g.GuardPolicy(default_deadline=5.0, turn_budget=30.0)


def _spec(module: str) -> ServerSpec:
    return ServerSpec(kind="stdio", name=module, cwd=ROOT, env={"PYTHONPATH": str(ROOT)},
                      command=(sys.executable, "-m", f"tests.servers.{module}"))


def test_a_cut_list_says_so_in_the_servers_own_spelling() -> None:
    """tests.servers.spelled_complete: `truncated: false` and `isComplete: true` vouch for
    the lists beside them; a cut page turns them, so the guard answers partial, not ok."""
    target = DrillTarget("spelled", "stdio", _spec("spelled_complete"))
    report = run_drill([target], modes=["none", "partial"], calls=4, policy=POLICY)
    modes = report.targets[0].modes
    assert modes["none"].counts["verified"] == 4, modes["none"].to_json()
    partial = modes["partial"]
    assert partial.counts["silent_success"] == 0, partial.to_json()
    assert partial.counts["correct_failure"] == 4, partial.to_json()
    assert report.passed, report.render_text()


def test_wrong_schema_injects_what_the_schema_refuses_or_says_it_cannot() -> None:
    """tests.servers.permissive_output: `{"result": null, "extra": "x"}` passes both schemas,
    so no client could catch it. `find_owner` (`-> str | None`) gets its required `result`
    removed (contract_violation); `get_config` (`-> dict[str, Any]`) accepts every object:
    not applicable, never a silent success."""
    target = DrillTarget("permissive", "stdio", _spec("permissive_output"))
    report = run_drill([target], modes=["none", "wrong_schema"], calls=4, policy=POLICY)
    wrong = report.targets[0].modes["wrong_schema"]
    assert wrong.counts["silent_success"] == 0, wrong.to_json()
    assert wrong.counts["correct_failure"] == 4 and wrong.tools == ["find_owner"]
    assert wrong.categories == {g.CONTRACT_VIOLATION: 4}
    assert wrong.to_json()["not_applicable"] == {
        "get_config": "no value its output schema refuses (the schema accepts every "
                      "substitute tried)"}
    assert report.passed
    text = report.render_text()
    assert "not applicable to get_config: no value its output schema refuses" in text, text
