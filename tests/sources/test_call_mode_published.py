"""``tool.call-mode`` against a real published server: server-everything's
``simulate-research-query`` declares ``execution.taskSupport: required`` and answers a plain
call with an error, so an agent whose stub calls it plainly fails ``parity check``."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import pytest

from parity.cli.main import main
from parity.fieldpaths.manifest import load
from parity.mcp import open_session
from tests.published import npm_server
from tests.sources.test_extract_call_modes import pair_config

TOOL = "simulate-research-query"


def _project(tmp_path: Path, agent_extra: str = "") -> Path:
    stubs = ("def research(topic: str, ambiguous: bool = False):\n"
             "    '''Research a topic.'''\n\n"
             f"TOOLS = {{{TOOL!r}: research}}\n")
    return pair_config(tmp_path, "everything", list(npm_server("server-everything").command),
                       stubs, "TOOLS", agent_extra)


def _findings(capsys: pytest.CaptureFixture[str], config: Path) -> str:
    assert main(["extract", "--config", str(config)]) == 0, capsys.readouterr().err
    capsys.readouterr()
    main(["check", "--config", str(config)])
    return capsys.readouterr().out


def test_a_stub_calling_a_task_only_tool_plainly_fails_the_check(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = _project(tmp_path)
    out = _findings(capsys, config)
    assert f"tool {TOOL}\n    error   tool.call-mode  (root)" in out
    assert "takes no plain calls (execution.taskSupport `required`)" in out
    server = load(tmp_path / "manifests" / "everything.server.json")
    assert server.tools[TOOL].calls == ("task",)
    # the other tools of the server declare `forbidden` or nothing: plain calls only
    assert {t.calls for n, t in server.tools.items() if n != TOOL} == {("plain",)}


def test_the_published_server_really_refuses_the_plain_call() -> None:
    async def call() -> dict[str, object]:
        async with open_session(npm_server("server-everything")) as session:
            return await session.call_tool_raw(TOOL, {"topic": "tides"}, timeout=30)

    answer = anyio.run(call)
    assert answer["isError"] is True
    assert "requires task augmentation" in json.dumps(answer)


def test_call_as_task_agrees_with_the_published_server(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = _project(tmp_path, f'\n[pairs.everything.agent.call_as]\n"{TOOL}" = "task"\n')
    out = _findings(capsys, config)
    assert "tool.call-mode" not in out
    assert load(tmp_path / "manifests" / "everything.agent.json").tools[TOOL].calls == ("task",)
