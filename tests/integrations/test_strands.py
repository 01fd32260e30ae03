"""``parity.protect`` on a strands-agents ``MCPClient``, whose session runs on an event loop
of its own in a background thread: tools listed by ``list_tools_sync`` (what ``Agent(tools=
...)`` is given), each call made through the ``MCPAgentTool`` it returns (``stream``, what
the agent runs; its result's ``status`` is what the model is told). The framework checks,
then what is strands' own: a session opened by a later ``start()`` is verified first."""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import parity
from tests.integrations.scenario import (
    CHECKS,
    GOOD_CALL,
    LOCK,
    ROOT,
    Harness,
    calls_seen,
    check_published,
    run,
)

strands_mcp = pytest.importorskip("strands.tools.mcp", reason="strands-agents is not installed "
                                  "(extra frameworks-mcp1)")
pytestmark = pytest.mark.slow

from mcp import StdioServerParameters, stdio_client  # noqa: E402


def new_client(command: str, args: list[str]) -> Any:
    params = StdioServerParameters(command=command, args=args, cwd=str(ROOT))
    # a minute to start: a proxy and a server on a busy machine take more than a few seconds
    return strands_mcp.MCPClient(lambda: stdio_client(params), startup_timeout=60)


@contextlib.asynccontextmanager
async def connect(command: str, args: list[str]) -> AsyncIterator[Harness]:
    client = new_client(command, args)
    await asyncio.to_thread(client.start)
    held: dict[str, Any] = {}  # the agent's tools, from the last listing
    try:

        async def list_names() -> list[str]:
            tools = await asyncio.to_thread(client.list_tools_sync)
            held.update((t.tool_name, t) for t in tools)
            return [t.tool_name for t in tools]

        async def call(name: str, arguments: dict[str, Any]) -> tuple[bool, str]:
            use = {"toolUseId": "use-1", "name": name, "input": arguments}
            if name in held:  # the agent's way: the tool it was given
                events = [e async for e in held[name].stream(use, {})]
                result = events[-1].tool_result
            else:  # (a tool never listed: the client's own call)
                result = await client.call_tool_async("use-1", name, arguments)
            text = "\n".join(c.get("text", "") for c in result["content"])
            return result["status"] == "error", text

        yield Harness(client, list_names, call)
    finally:
        await asyncio.to_thread(client.stop, None, None, None)


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_strands_client(check: str, tmp_path: Path) -> None:
    CHECKS[check](connect, tmp_path)


def test_published_server_everything(tmp_path: Path) -> None:
    check_published(connect, tmp_path)  # the client declares no capabilities by default


def test_restart_is_verified_before_start_returns(tmp_path: Path) -> None:
    """``stop()`` then ``start()`` opens a new session: it is verified before ``start``
    returns. To a server that drifted meanwhile, ``start`` raises the drift (the client
    stopped) and nothing reaches the server; sound again, it starts, and its calls are
    guarded by the new session's own protection."""
    mode, log = tmp_path / "mode", tmp_path / "calls.jsonl"
    mode.write_text("none")

    async def main() -> None:
        async with connect(sys.executable,
                           ["-m", "tests.servers.switch", str(mode), str(log)]) as h:
            client = h.target
            protection = await parity.protect(client, LOCK)
            await asyncio.to_thread(client.stop, None, None, None)
            mode.write_text("drift")
            with pytest.raises(parity.ToolDriftError) as raised:
                await asyncio.to_thread(client.start)
            assert "renamed `phases[].phase_id` -> `phases[].phase_id_renamed`" in str(
                raised.value)
            mode.write_text("none")
            await asyncio.to_thread(client.start)
            assert len(protection.later) == 1
            await h.list_names()
            failed, text = await h.call(*GOOD_CALL)
            assert not failed, text
            failed, text = await h.call(GOOD_CALL[0], {"goal": 1})
            assert failed and "local_failure: retry never" in text, text
            assert [o.ok for o in protection.outcomes] == [True, False]

    run(main)
    assert calls_seen(log) == ["propose_phases"]
