"""``parity probe``: read-only tools of live servers, held against what the agent is promised."""

from __future__ import annotations

import json
import os
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from parity.cli.main import main
from parity.fieldpaths.entry import Entry
from parity.runtime import guard as g
from parity.runtime.probe import (
    ProbeCall,
    ProbeFinding,
    ProbeReport,
    ProbeTarget,
    ServerProbe,
    compare,
    run_probe,
)
from parity.runtime.probe_report import RENDERERS, headline
from tests.published import npm_server, time_server

ROOT = Path(__file__).resolve().parents[2]
POLICY = g.GuardPolicy(default_deadline=10.0, turn_budget=30.0)


def _entry(*types: str, required: bool = True) -> Entry:
    return Entry(type=types, required=required)


TABLE = {
    "": _entry("object"), "total": _entry("integer"), "note": _entry("string", required=False),
    "items": _entry("array"), "items[]": _entry("object", required=False),
    "items[].id": _entry("string"), "items[].price": _entry("number"),
}


def test_compare_finds_missing_keys_and_types_once() -> None:
    value = {"total": "3", "items": [{"id": "a", "price": 2}, {"price": "x"}, {"id": 7}]}
    found = compare(value, TABLE)
    assert found == [
        ("probe.missing", "items[].id", found[0][2]),
        ("probe.missing", "items[].price", found[1][2]),
        ("probe.type", "items[].id", found[2][2]),
        ("probe.type", "items[].price", found[3][2]),
        ("probe.type", "total", found[4][2]),
    ]
    assert "promised integer" in found[4][2] and "a string arrived" in found[4][2]


def test_compare_accepts_what_was_promised() -> None:
    value = {"total": 1, "items": [{"id": "a", "price": 2.5}]}  # `note` is optional
    assert compare(value, TABLE) == []


@pytest.mark.slow
def test_the_last_line_counts_warnings_in_words() -> None:
    def report(*kinds: str) -> ProbeReport:
        found = [ProbeFinding("t", kind, "", "m") for kind in kinds]
        return ProbeReport([ServerProbe("s", calls=[ProbeCall("t", "generated", g.OK, found)])])

    tail = "of 1 (each would send the agent down its fallback)"
    assert headline(report()) == f"parity probe: ok: 0 failed calls {tail}"
    assert headline(report("probe.suspect")) == \
        f"parity probe: ok: 0 failed calls {tail}, 1 warning"
    assert headline(report("probe.suspect", "probe.suspect")) == \
        f"parity probe: ok: 0 failed calls {tail}, 2 warnings"
    assert headline(report("probe.missing", "probe.suspect")) == \
        f"parity probe: FAILED: 1 failed call {tail}, 1 warning"
    assert report("probe.missing", "probe.suspect").to_json()["warnings"] == 1


def test_probe_finds_the_bundled_example_promised_but_missing_keys(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH",
                                                                                   "")]))
    code = main(["probe", "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 1
    missing = sorted((f["tool"], f["path"]) for s in report["servers"] for c in s["calls"]
                     for f in c["findings"] if f["kind"] == "probe.missing")
    # the four keys the example's agent is promised and the server never returns
    # (baselines/workflow.json: out.missing, planted)
    assert missing == [("check_phases", "unknown_tools"), ("compose_prompt", "warnings"),
                       ("estimate_cost", "currency"), ("propose_phases", "rationale")]
    assert report["failed_calls"] == 4 and report["calls"] == 6


@pytest.mark.slow
def test_probe_calls_only_read_only_tools_of_server_memory(tmp_path: Path) -> None:
    memory = tmp_path / "memory.jsonl"
    spec = npm_server("server-memory", env={"MEMORY_FILE_PATH": str(memory)})
    report = run_probe([ProbeTarget("memory", spec)], policy=POLICY)
    server = report.servers[0]
    assert sorted(c.tool for c in server.calls) == ["open_nodes", "read_graph", "search_nodes"]
    assert "create_entities" in server.skipped and "delete_entities" in server.skipped
    assert not memory.exists()  # nothing was written
    assert report.passed, RENDERERS["text"](report)


@pytest.mark.slow
def test_probe_on_server_everything_reports_every_format() -> None:
    spec = npm_server("server-everything")
    # listed read-only, though it is not annotated so: a task only, so never called plainly
    target = ProbeTarget("everything", spec, arguments={
        "trigger-long-running-operation": {"duration": 0.1, "steps": 1}},
        read_only=("simulate-research-query",))
    report = run_probe([target], policy=POLICY)
    server = report.servers[0]
    called = {c.tool: c for c in server.calls}
    assert called["get-sum"].category == g.OK and called["get-sum"].arguments_from == "generated"
    assert "toggle-simulated-logging" in server.skipped
    assert server.skipped["simulate-research-query"] == (
        "takes no plain call (its execution.taskSupport), and the probe calls plainly")
    assert "simulate-research-query" not in called
    for fmt, render in RENDERERS.items():
        text = render(report)
        if fmt in ("json", "sarif"):
            json.loads(text)
        elif fmt == "junit":
            ET.fromstring(text.split("\n", 1)[1])
        assert text.strip(), fmt


@pytest.mark.slow
def test_probe_on_mcp_server_time_generated_then_configured_arguments() -> None:
    spec = time_server()
    report = run_probe([ProbeTarget("time", spec, tools=("get_current_time",))], policy=POLICY)
    call = report.servers[0].calls[0]
    # "example" is no IANA time zone: the server says so, and the probe counts the failure
    assert call.failed and call.findings[0].kind == "probe.call-failed"
    configured = ProbeTarget("time", spec, tools=("get_current_time",),
                             arguments={"get_current_time": {"timezone": "Etc/UTC"}})
    report = run_probe([configured], policy=POLICY)
    assert report.passed and report.servers[0].calls[0].arguments_from == "configured"


def test_probe_unknown_tool_says_so() -> None:
    from parity.runtime.probe import ProbeError

    spec = time_server()
    with pytest.raises(ProbeError, match="has no tool 'nope'"):
        run_probe([ProbeTarget("time", spec, tools=("nope",))], policy=POLICY)


UNCALLABLE = """
from tests.servers._raw import serve
read_only = {"readOnlyHint": True}
tools = [{"name": "remote", "annotations": read_only, "inputSchema": {
             "type": "object", "required": ["x"],
             "properties": {"x": {"$ref": "https://example.com/x.json"}}}},
         {"name": "empty", "annotations": read_only, "inputSchema": {
             "type": "object", "required": ["n"],
             "properties": {"n": {"type": "integer", "minimum": 5, "maximum": 1}}}}]
serve({"tools/list": lambda params: {"tools": tools}})
"""


def test_tools_without_usable_arguments_are_not_counted_as_called(tmp_path: Path) -> None:
    import sys

    from parity.mcp import ServerSpec

    (tmp_path / "server.py").write_text(UNCALLABLE, encoding="utf-8")
    spec = ServerSpec(kind="stdio", name="c", cwd=ROOT, env={"PYTHONPATH": str(ROOT)},
                      command=(sys.executable, str(tmp_path / "server.py")))
    report = run_probe([ProbeTarget("c", spec)], policy=POLICY)
    assert report.calls == 0 and report.failed == 0
    text = RENDERERS["text"](report)
    assert "server c: 0 called, 2 not called, 0 skipped, 0 failed" in text, text
    # the two probe.no-arguments warnings, counted on the last line as above it
    assert headline(report) == "parity probe: ok: nothing was called (no read-only tool " \
        "could be called: see why above), 2 warnings"
    assert "(no tool is read-only: annotate" in headline(ProbeReport([ServerProbe("x")]))
    reasons = [f.message for c in report.servers[0].calls for f in c.findings]
    assert any("tool 'remote'" in r for r in reasons), reasons
    assert not any("<schema>" in r for r in reasons), reasons


UNREADABLE = """
from tests.servers._raw import serve
read_only = {"readOnlyHint": True}
tools = [{"name": "fine", "annotations": read_only,
          "inputSchema": {"type": "object", "properties": {}}},
         {"name": "nan", "annotations": read_only,
          "inputSchema": {"type": "object", "properties": {"x": {"default": float("nan")}}}},
         {"name": "writer", "inputSchema": {"type": "object", "minimum": float("inf")}}]
serve({"tools/list": lambda params: {"tools": tools},
       "tools/call": lambda params: {"content": [{"type": "text", "text": "{}"}]}})
"""


def test_a_definition_the_listing_could_not_read_fails_the_probe(tmp_path: Path) -> None:
    # a client drops such a tool, so the agent's calls to it never arrive: a probe that
    # skipped it quietly would say "ok" of a catalog it never saw whole
    import sys

    from parity.mcp import ServerSpec

    (tmp_path / "server.py").write_text(UNREADABLE, encoding="utf-8")
    spec = ServerSpec(kind="stdio", name="u", cwd=ROOT, env={"PYTHONPATH": str(ROOT)},
                      command=(sys.executable, str(tmp_path / "server.py")))
    report = run_probe([ProbeTarget("u", spec)], policy=POLICY)
    calls = {c.tool: c for c in report.servers[0].calls}
    assert sorted(calls) == ["fine", "nan", "writer"]
    assert not calls["fine"].failed and calls["fine"].category == g.OK
    for name in ("nan", "writer"):
        assert calls[name].failed and calls[name].category == "not_called"
        assert [f.kind for f in calls[name].findings] == ["probe.unreadable"]
    assert "NaN" in calls["nan"].findings[0].message
    assert report.calls == 1 and report.failed == 2 and not report.passed
    text = RENDERERS["text"](report)
    assert "tool nan  FAILED  (not_called)\n    error   probe.unreadable" in text, text
    # named by --tool, it is the same finding, not "the server has no tool"
    only = run_probe([ProbeTarget("u", spec, tools=("nan",))], policy=POLICY)
    assert [c.tool for c in only.servers[0].calls] == ["nan"] and only.failed == 1


def test_probe_calls_a_tool_only_2026_can_list_under_2026() -> None:
    """tests.servers.array_output lists a tool whose output is an array, which only MCP
    2026-07-28 carries: a target whose spec asks for it (a server's ``protocol`` key) is
    listed and called, and the array it answers is a success, no promise broken."""
    import sys

    from parity.mcp import SDK_MAJOR, ServerSpec

    if SDK_MAJOR < 2:
        pytest.skip("MCP 2026-07-28 is the 2.x SDK's")
    root = Path(__file__).resolve().parents[2]
    spec = ServerSpec(kind="stdio", name="arrays", cwd=root, env={"PYTHONPATH": str(root)},
                      command=(sys.executable, "-m", "tests.servers.array_output"),
                      protocol="2026-07-28")
    target = ProbeTarget("arrays", spec, read_only=("recent",),
                         arguments={"recent": {"q": "x"}})
    report = run_probe([target], policy=POLICY)
    [call] = report.servers[0].calls
    assert (call.tool, call.category, call.failed) == ("recent", g.OK, False)
    assert report.passed, RENDERERS["text"](report)


def test_a_success_whose_text_reads_like_an_error_is_a_suspect_warning() -> None:
    """tests.servers.error_text answers ``Error: permission denied...`` as a text-only
    success: the guard says ok and flags it suspect (prose is not evidence), and the probe
    says so, as a warning: the call is not failed, the gate still passes."""
    import sys

    from parity.mcp import ServerSpec

    spec = ServerSpec(kind="stdio", name="texts", cwd=ROOT, env={"PYTHONPATH": str(ROOT)},
                      command=(sys.executable, "-m", "tests.servers.error_text"))
    report = run_probe([ProbeTarget("texts", spec)], policy=POLICY)
    calls = {c.tool: c for c in report.servers[0].calls}
    assert calls["read_log"].findings == []
    suspect = calls["read_file"]
    assert suspect.category == g.OK and not suspect.failed
    assert [(f.kind, f.severity) for f in suspect.findings] == [("probe.suspect", "warning")]
    assert "reads like an error message" in suspect.findings[0].message
    assert report.passed and report.failed == 0
    text = RENDERERS["text"](report)
    assert "tool read_file  ok  (ok, generated arguments)\n    warning probe.suspect" in text
    # the last line counts the warning shown above it: "ok" alone read as if there were none
    last = "parity probe: ok: 0 failed calls of 2 (each would send the agent down its " \
        "fallback), 1 warning"
    assert text.endswith(f"\n{last}\n"), text
    assert RENDERERS["github"](report).endswith(f"\n{last}\n")
    assert RENDERERS["markdown"](report).startswith(f"## :white_check_mark: {last}\n")
    as_json = json.loads(RENDERERS["json"](report))
    assert (as_json["warnings"], as_json["servers"][0]["warnings"]) == (1, 1)
    sarif = json.loads(RENDERERS["sarif"](report))
    rules = {r["id"] for r in sarif["runs"][0]["tool"]["driver"]["rules"]}
    assert "probe.suspect" in rules
