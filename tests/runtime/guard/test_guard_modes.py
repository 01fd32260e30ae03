"""The way of a call against the pinned tool's (``guard.modes``): a plain call to a tool that
takes only tasks, or a call as a task to one that takes none, is refused before it is sent,
with what the pinned definition says. Against a real SDK server that refuses such calls
itself (tests.servers.task_tools), behind the drill's proxy, whose log shows what reached it.
"""

from __future__ import annotations

import dataclasses
import json
import sys
import warnings
from typing import Any

import anyio
import pytest

import parity
from parity.mcp import SDK_MAJOR, fetch_tools, open_session
from parity.pinning import lock as L
from parity.runtime import guard as g
from parity.runtime.client import PinnedClient
from tests.lockfixtures import stdio_spec

SCHEMA = {"type": "object"}


def tool(execution: Any = None, *, declared: bool = True) -> dict[str, Any]:
    definition: dict[str, Any] = {"name": "report", "inputSchema": SCHEMA}
    if declared:
        definition["execution"] = execution
    return definition


#: each way an ``execution`` can be written -> the ways it takes (MCP 2025-11-25)
WRITTEN = [
    (tool(declared=False), {"plain"}),
    (tool(None), {"plain"}),
    (tool({}), {"plain"}),
    (tool({"taskSupport": None}), {"plain"}),
    (tool({"taskSupport": "forbidden"}), {"plain"}),
    (tool({"taskSupport": "optional"}), {"plain", "task"}),
    (tool({"taskSupport": "required"}), {"task"}),
    (tool({"taskSupport": "batch"}), set()),
    (tool({"taskSupport": 1}), set()),
    (tool("required"), set()),
]


@pytest.mark.parametrize(("definition", "takes"), WRITTEN)
def test_a_call_is_refused_exactly_when_the_tool_does_not_take_its_way(definition,
                                                                          takes) -> None:
    for way, as_task in (("plain", False), ("task", True)):
        reason = g.check_call_mode(definition, as_task=as_task)
        assert (reason is None) is (way in takes), (definition, way, reason)
        if reason is not None:
            assert f"it takes no {'call as a task' if as_task else 'plain call'}" in reason


def test_the_reason_says_what_the_pinned_tool_declares_and_what_to_do() -> None:
    assert g.check_call_mode(tool({"taskSupport": "required"})) == (
        "the tool has execution.taskSupport `required`: it takes no plain call, and "
        "the server refuses every one; call it as a task")
    assert g.check_call_mode(tool(declared=False), as_task=True) == (
        "the tool declares no execution.taskSupport (`forbidden`): it takes no call "
        "as a task, and the server refuses every one; call it plainly")
    assert g.check_call_mode(tool({"taskSupport": "forbidden"}), as_task=True).startswith(
        "the tool has execution.taskSupport `forbidden`: ")
    assert g.check_call_mode(tool({"taskSupport": "batch"})) == (
        "the tool has an execution.taskSupport the protocol does not name: it takes "
        "no plain call, and the server refuses every one")


def test_the_way_is_checked_before_the_arguments_and_nothing_is_sent() -> None:
    sent: list[str] = []

    async def raw_call(name: str, args: dict[str, Any], timeout: float) -> Any:
        sent.append(name)
        return {"content": []}

    definition = {**tool({"taskSupport": "required"}),
                  "inputSchema": {"type": "object", "required": ["city"]}}
    outcome = anyio.run(lambda: g.guarded_call(raw_call, definition, "report", {},
                                               policy=g.GuardPolicy()))
    assert (outcome.category, outcome.retry, outcome.sent) == (g.LOCAL_FAILURE,
                                                              g.RETRY_NEVER, False)
    assert "takes no plain call" in outcome.message and sent == []


def proxied(log, *args: str) -> Any:
    """task_tools behind the drill's stdio proxy, which logs each tools/call reaching it."""
    server = stdio_spec("task_tools", *args)
    command = (sys.executable, "-m", "parity.runtime.drill.stdio_proxy", "--mode", "none",
               "--log", str(log), "--", *server.command)
    return dataclasses.replace(server, command=command)


def reached(log) -> list[str]:
    if not log.exists():
        return []
    return [json.loads(line)["tool"] for line in log.read_text().splitlines() if line]


@pytest.mark.slow
@pytest.mark.parametrize("support", ["required", "optional", "forbidden"])
def test_the_pinned_client_refuses_a_plain_call_only_to_a_tool_that_takes_none(
        tmp_path, support: str) -> None:
    log = tmp_path / "calls.jsonl"
    spec = proxied(log, "--task-support", support)
    lock = tmp_path / "tasks.lock.json"
    L.write(L.from_listing("tasks", fetch_tools(spec)), lock)

    async def main() -> list[g.Outcome]:
        async with open_session(spec) as session:
            client = await PinnedClient(session, str(lock)).start()
            return [await client.call(name, {"city": "Oslo"}) for name in ("report", "echo")]

    report, echo = anyio.run(main)
    assert echo.ok
    if support == "required":
        assert (report.category, report.retry, report.sent) == (g.LOCAL_FAILURE,
                                                                g.RETRY_NEVER, False)
        assert "has execution.taskSupport `required`: it takes no plain call" in report.message
        assert reached(log) == ["echo"]
    else:
        assert report.ok, report.message
        assert reached(log) == ["report", "echo"]


async def call_as_task(session: Any, name: str, arguments: dict[str, Any]) -> Any:
    """A task-augmented tools/call from the SDK's own session (MCP 2025-11-25)."""
    if SDK_MAJOR >= 2:
        from mcp import types

        request = types.CallToolRequest(params=types.CallToolRequestParams(
            name=name, arguments=arguments, task=types.TaskMetadata(ttl=60000)))
        return await session.send_request(request, types.CreateTaskResult)
    with warnings.catch_warnings():
        # deprecated in the last 1.x releases (tasks left the specification), and still what
        # a 1.x framework calls: that call is what the test is about
        warnings.filterwarnings("ignore", "The experimental tasks API is deprecated",
                                DeprecationWarning)
        return await session.experimental.call_tool_as_task(name, arguments)


@pytest.mark.slow
def test_a_framework_call_as_a_task_to_a_tool_that_takes_none_is_refused_as_a_server_would(
        tmp_path) -> None:
    """Under ``protect``, the framework's own request tells the way: a call as a task to
    ``echo`` (no ``execution``) is answered with a JSON-RPC error, as a server answers it
    (a task's answer cannot say "error"), and is never sent."""
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    log = tmp_path / "calls.jsonl"
    spec = proxied(log, "--task-support", "optional")
    lock = tmp_path / "tasks.lock.json"
    L.write(L.from_listing("tasks", fetch_tools(spec)), lock)
    params = StdioServerParameters(command=spec.command[0], args=list(spec.command[1:]),
                                   cwd=str(spec.cwd))

    async def main() -> str:
        async with stdio_client(params) as (read, write, *_), \
                ClientSession(read, write) as session:
            await session.initialize()
            protection = await parity.protect(session, lock)
            with pytest.raises(Exception) as caught:
                await call_as_task(session, "echo", {"city": "Oslo"})
            (outcome,) = protection.outcomes
            assert (outcome.category, outcome.sent) == (g.LOCAL_FAILURE, False)
            error = getattr(caught.value, "error", None)
            assert error is not None and error.code == -32602
            return str(error.message)

    message = anyio.run(main)
    assert message.startswith("local_failure: retry never: ")
    assert "declares no execution.taskSupport (`forbidden`): it takes no call as a task" \
        in message
    assert reached(log) == []
