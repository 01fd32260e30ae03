"""The drill on servers parity did not write, and on servers whose lists declare nothing about
their completeness: unverifiable, not silent; verified once declared."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from parity.cli.main import main
from parity.mcp import ServerSpec
from parity.runtime import guard as g
from parity.runtime.drill import DrillError, DrillTarget, run_drill
from tests.published import npm_server, time_server

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[3]
POLICY = g.GuardPolicy(default_deadline=5.0, turn_budget=30.0)
CATALOG = ServerSpec(kind="stdio", name="catalog", cwd=ROOT, env={"PYTHONPATH": str(ROOT)},
                     command=(sys.executable, "-m", "tests.servers.catalog"))


def test_lists_without_completeness_are_unverifiable_and_pass_the_gate() -> None:
    report = run_drill([DrillTarget("catalog", "stdio", CATALOG)], modes=["none", "partial"],
                       calls=4, policy=POLICY)
    partial = report.targets[0].modes["partial"]
    assert partial.counts["unverifiable"] == 4, partial.to_json()
    assert partial.counts["silent_success"] == 0
    assert report.passed
    assert "unverifiable" in report.render_text()


def test_a_declared_total_makes_partial_verified() -> None:
    target = DrillTarget("catalog", "stdio", CATALOG, tools=("search",),
                         completeness={"search": {"total": "n_found"}})
    report = run_drill([target], modes=["none", "partial"], calls=2, policy=POLICY)
    modes = report.targets[0].modes
    assert modes["none"].counts["verified"] == 2
    assert modes["partial"].counts["correct_failure"] == 2, modes["partial"].to_json()
    assert report.passed and report.unverifiable == 0


def test_a_flag_vouches_only_for_the_lists_of_its_own_object() -> None:
    """tests.servers.tracker: the project's own `complete: true` sits beside the task list;
    cutting the list is not a silent success (the flag is not the list's), while a board's
    flag beside its tasks catches the cut."""
    spec = ServerSpec(kind="stdio", name="tracker", cwd=ROOT, env={"PYTHONPATH": str(ROOT)},
                      command=(sys.executable, "-m", "tests.servers.tracker"))
    report = run_drill([DrillTarget("tracker", "stdio", spec)], modes=["none", "partial"],
                       calls=4, policy=POLICY)
    modes = report.targets[0].modes
    assert modes["none"].counts["verified"] == 4, modes["none"].to_json()
    partial = modes["partial"]
    assert partial.counts["silent_success"] == 0, partial.to_json()
    assert (partial.counts["unverifiable"], partial.counts["correct_failure"]) == (2, 2)
    assert report.passed, report.render_text()


def test_an_unknown_tool_is_named() -> None:
    target = DrillTarget("catalog", "stdio", CATALOG, tools=("nope",))
    with pytest.raises(DrillError, match="has no tool 'nope'"):
        run_drill([target], modes=["none"], calls=1, policy=POLICY)


def test_an_object_server_is_drilled_as_the_only_configured_server(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "parity.toml").write_text(
        '[servers.catalog]\nobject = "tests.servers.catalog:server"\n'
        f'cwd = {json.dumps(str(ROOT))}\n\n'
        '[servers.catalog.completeness.search]\ntotal = "n_found"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code = main(["drill", "--modes", "none,partial", "--calls", "2", "--tool", "search",
                 "--format", "json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0, out
    assert out["targets"][0]["server"] == "catalog"
    assert out["modes"]["partial"]["correct_failure"] == 2


def test_server_memory_passes_the_gate_its_lists_are_unverifiable(tmp_path: Path) -> None:
    # @modelcontextprotocol/server-memory: read_graph/search_nodes/open_nodes return lists
    # that declare no completeness; cutting them cannot be detected by any client
    spec = npm_server("server-memory", env={"MEMORY_FILE_PATH": str(tmp_path / "m.jsonl")})
    report = run_drill([DrillTarget("memory", "stdio", spec)], modes=["none", "partial"],
                       calls=5, policy=POLICY)
    partial = report.targets[0].modes["partial"]
    assert report.passed, report.render_text()
    assert partial.counts["unverifiable"] > 0 and partial.counts["silent_success"] == 0


def test_mcp_server_time_says_why_each_tool_was_left_out() -> None:
    spec = time_server()
    with pytest.raises(DrillError) as caught:
        run_drill([DrillTarget("time", "stdio", spec)], modes=["none"], calls=1,
                  policy=POLICY)
    text = str(caught.value)
    # generated arguments are valid for the schema but no IANA zone: the server refuses them
    assert "get_current_time: left out: its clean call with generated arguments failed: " \
           "tool_error" in text
    assert "arguments.TOOL" in str(caught.value.hint)
    configured = DrillTarget("time", "stdio", spec, arguments={
        "get_current_time": {"timezone": "Etc/UTC"},
        "convert_time": {"source_timezone": "Etc/UTC", "time": "12:00",
                         "target_timezone": "Asia/Tokyo"}})
    report = run_drill([configured], modes=["none", "http200_error"], calls=2, policy=POLICY)
    assert report.passed
    assert report.targets[0].modes["none"].counts["verified"] == 2


def test_a_server_only_2026_can_list_is_drilled_under_2026() -> None:
    """tests.servers.array_output lists a tool only MCP 2026-07-28 can carry (its output is
    an array): a target whose spec asks for 2026-07-28 (a server's ``protocol`` key) is
    listed, called and faulted under it, and the gate holds."""
    from parity.mcp import SDK_MAJOR

    if SDK_MAJOR < 2:
        pytest.skip("MCP 2026-07-28 is the 2.x SDK's")
    spec = ServerSpec(kind="stdio", name="arrays", cwd=ROOT, env={"PYTHONPATH": str(ROOT)},
                      command=(sys.executable, "-m", "tests.servers.array_output"),
                      protocol="2026-07-28")
    report = run_drill([DrillTarget("arrays", "stdio", spec)],
                       modes=["none", "http200_error", "wrong_schema"], calls=2, policy=POLICY)
    modes = report.targets[0].modes
    assert modes["none"].counts["verified"] == 2, modes["none"].to_json()
    assert modes["wrong_schema"].counts["correct_failure"] == 2
    assert report.passed, report.render_text()
