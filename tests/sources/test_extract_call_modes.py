"""How a tool is called, end to end: ``parity extract`` records the ways a real SDK server
takes each tool (``execution.taskSupport``) and the ways the agent calls it (its stubs:
plainly, unless ``call_as`` says otherwise), and ``parity check`` reports a tool the agent
calls a way the server refuses (``tool.call-mode``)."""

from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path

import pytest

from parity.cli.main import main
from parity.fieldpaths.manifest import load
from tests.lockfixtures import ROOT

_counter = itertools.count()


def pair_config(tmp_path: Path, name: str, command: list[str], stubs: str, attribute: str,
                agent_extra: str = "") -> Path:
    """A configuration pairing a module of ``stubs`` (its ``attribute``) with the stdio
    server ``command`` started in the repository, both named ``name``."""
    mod = f"{name}stubs_{next(_counter)}"
    (tmp_path / f"{mod}.py").write_text(stubs, encoding="utf-8")
    config = tmp_path / "parity.toml"
    config.write_text(f"""
[servers.{name}]
stdio = {json.dumps(command)}
cwd = {json.dumps(str(ROOT))}
start_timeout = 60

[pairs.{name}]
server = "{name}"

[pairs.{name}.agent]
source = "{mod}:{attribute}"
{agent_extra}""", encoding="utf-8")
    return config


def _project(tmp_path: Path, task_support: str | None, agent_extra: str = "") -> Path:
    """A stub of the server's ``report`` tool, paired with the real server
    (``tests/servers/task_tools.py``) declaring ``task_support``."""
    command = [sys.executable, "-m", "tests.servers.task_tools"]
    if task_support is not None:
        command += ["--task-support", task_support]
    stubs = "def report(city: str):\n    '''A weather report.'''\n    return city\n"
    return pair_config(tmp_path, "tasks", command, stubs, "report", agent_extra)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_plain_call_to_a_tool_that_needs_a_task_fails_the_check(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = _project(tmp_path, "required")
    assert _run(capsys, "extract", "--config", str(config))[0] == 0
    server_data = json.loads((tmp_path / "manifests" / "tasks.server.json").read_text())
    agent_data = json.loads((tmp_path / "manifests" / "tasks.agent.json").read_text())
    assert server_data["tools"]["report"]["calls"] == ["task"]
    assert "calls" not in server_data["tools"]["echo"]  # plain calls only: left unsaid
    assert "calls" not in agent_data["tools"]["report"]  # a stub is called plainly
    server = load(tmp_path / "manifests" / "tasks.server.json")
    assert (server.tools["report"].calls, server.tools["echo"].calls) == (("task",), ("plain",))
    code, out, _ = _run(capsys, "check", "--config", str(config))
    assert code == 1
    assert "tool report\n    error   tool.call-mode  (root)" in out
    assert "takes no plain calls (execution.taskSupport `required`)" in out


@pytest.mark.parametrize("task_support", [None, "forbidden", "optional"])
def test_a_plain_call_to_a_tool_that_takes_one_passes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], task_support: str | None) -> None:
    config = _project(tmp_path, task_support)
    assert _run(capsys, "extract", "--config", str(config))[0] == 0
    code, out, _ = _run(capsys, "check", "--config", str(config))
    assert (code, "tool.call-mode" in out) == (0, False), out
    calls = load(tmp_path / "manifests" / "tasks.server.json").tools["report"].calls
    assert calls == (("plain", "task") if task_support == "optional" else ("plain",))


def test_call_as_task_records_how_the_agent_calls_and_agrees_with_the_server(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = _project(tmp_path, "required", '\n[pairs.tasks.agent.call_as]\nreport = "task"\n')
    assert _run(capsys, "extract", "--config", str(config))[0] == 0
    agent = load(tmp_path / "manifests" / "tasks.agent.json")
    assert agent.tools["report"].calls == ("task",)
    code, out, _ = _run(capsys, "check", "--config", str(config))
    assert (code, "tool.call-mode" in out) == (0, False), out


def test_call_as_task_against_a_server_that_takes_no_task_fails(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = _project(tmp_path, "forbidden", '\n[pairs.tasks.agent.call_as]\nreport = "task"\n')
    assert _run(capsys, "extract", "--config", str(config))[0] == 0
    code, out, _ = _run(capsys, "check", "--config", str(config))
    assert code == 1
    assert "the agent calls `report` as a task" in out
    assert "takes no calls as a task (execution.taskSupport `forbidden`)" in out


@pytest.mark.parametrize(("table", "says"), [
    ('report = "sometimes"', "call_as.report"),
    ('report = ["task"]', "call_as.report"),
    ('nosuch = "task"', "call_as names tool 'nosuch'"),
])
def test_a_bad_call_as_is_one_readable_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], table: str, says: str) -> None:
    config = _project(tmp_path, "required", f"\n[pairs.tasks.agent.call_as]\n{table}\n")
    code, _, err = _run(capsys, "extract", "--config", str(config))
    assert code == 2
    assert says in err and "Traceback" not in err
    assert not (tmp_path / "manifests" / "tasks.agent.json").exists()
