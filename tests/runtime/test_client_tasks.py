"""A tool whose ``execution.taskSupport`` changes (MCP 2025-11-25), against a real SDK server
that answers calls made a way the tool no longer allows with an error: a change that only
touches the surface, but takes a way of calling away, is refused under ``surface="warn"``
too; one that only adds a way is a warning."""

from __future__ import annotations

from typing import Any

import anyio
import pytest

from parity.errors import ToolDriftError
from parity.mcp import CallFailure, fetch_tools, open_session
from parity.pinning import lock as L
from parity.runtime.client import PinnedClient, verify_tools
from tests.lockfixtures import stdio_spec

pytestmark = pytest.mark.slow


def locked(tmp_path, *args: str) -> str:
    path = tmp_path / "tasks.lock.json"
    L.write(L.from_listing("tasks", fetch_tools(stdio_spec("task_tools", *args))), path)
    return str(path)


def plain_call_to_report(*args: str) -> dict[str, Any] | str:
    """What the server answers a plain call to ``report`` with: the result, or the error."""
    async def main() -> dict[str, Any]:
        async with open_session(stdio_spec("task_tools", *args)) as s:
            return await s.call_tool_raw("report", {"city": "Oslo"}, timeout=30)

    try:
        return anyio.run(main)
    except CallFailure as error:
        return str(error)


def test_a_tool_that_now_needs_a_task_is_refused_even_under_warn(tmp_path) -> None:
    lock = locked(tmp_path)

    async def main() -> tuple[PinnedClient, dict[str, Any]]:
        async with open_session(stdio_spec("task_tools", "--task-support", "required")) as s:
            with pytest.raises(ToolDriftError) as info:
                await verify_tools(s, lock, surface="warn")
            text = str(info.value)
            assert "changed  'report' (surface only)" in text
            assert "  calls: a plain call is no longer accepted (execution.taskSupport)" in text
            client = await PinnedClient(s, lock, mode="refuse-changed", surface="warn").start()
            with pytest.raises(ToolDriftError, match="call refused locally, not sent"):
                await client.call_tool("report", {"city": "Oslo"})
            return client, await client.call_tool("echo", {"city": "Oslo"})

    client, echoed = anyio.run(main)
    assert client.drift is not None and client.drift.withheld() == ("report",)
    (change,) = client.drift.changes
    assert change.surface_only and change.calls_lost == ("plain",)
    assert change.to_json()["calls_lost"] == ["plain"]
    assert list(client.unavailable) == ["report"] and echoed["isError"] is False
    # what registering it would have led to: the server refuses every plain call
    assert plain_call_to_report("--task-support", "required") == (
        "jsonrpc_error: report cannot be called without a task (code -32601)")


def test_a_tool_that_now_also_takes_tasks_is_a_warning(tmp_path) -> None:
    lock = locked(tmp_path)

    async def main() -> list[dict[str, Any]]:
        async with open_session(stdio_spec("task_tools", "--task-support", "optional")) as s:
            with pytest.raises(ToolDriftError):  # the default policy refuses any change
                await verify_tools(s, lock)
            return await verify_tools(s, lock, surface="warn")

    tools = anyio.run(main)
    assert sorted(t["name"] for t in tools) == ["echo", "report"]
    answer = plain_call_to_report("--task-support", "optional")
    assert isinstance(answer, dict) and answer["isError"] is False


def test_a_tool_that_no_longer_takes_tasks_is_refused_under_warn(tmp_path) -> None:
    lock = locked(tmp_path, "--task-support", "optional")

    async def main() -> None:
        async with open_session(stdio_spec("task_tools", "--task-support", "forbidden")) as s:
            await verify_tools(s, lock, surface="warn")

    with pytest.raises(ToolDriftError) as info:
        anyio.run(main)
    assert info.value.changes.withheld() == ("report",)
    assert "calls: a call as a task is no longer accepted" in str(info.value)
