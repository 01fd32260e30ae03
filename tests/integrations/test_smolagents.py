"""``parity.protect`` on smolagents' ``MCPClient`` (which adapts MCP tools with mcpadapt, its
sessions on a loop of its own in a thread) and on an ``MCPAdapt`` entered with ``async
with``: tools listed by mcpadapt's ``tools()``, each call made through the smolagents
``Tool`` the agent is given. smolagents hands the model the first text of a result, error or
not: a call failed when that text is parity's refusal (``<category>: retry ...``) or the
server's error. The framework checks."""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import parity
from parity.integrations import UnsupportedTarget
from tests.integrations.scenario import (
    CHECKS,
    GOOD_CALL,
    LOCK,
    ROOT,
    Harness,
    calls_seen,
    run,
    text_call,
)

smolagents = pytest.importorskip("smolagents", reason="smolagents is not installed (extra "
                                 "frameworks-mcp1)")
pytest.importorskip("mcpadapt.core", reason="smolagents[mcp] is not installed")
pytestmark = pytest.mark.slow

from mcp import StdioServerParameters  # noqa: E402
from mcpadapt.core import MCPAdapt, ToolAdapter  # noqa: E402


def params(command: str, args: list[str]) -> StdioServerParameters:
    return StdioServerParameters(command=command, args=args, cwd=str(ROOT))


@contextlib.asynccontextmanager
async def connect(command: str, args: list[str]) -> AsyncIterator[Harness]:
    # (connects in its constructor, waiting on its thread: off this loop)
    client = await asyncio.to_thread(
        smolagents.MCPClient, params(command, args), structured_output=False,
        adapter_kwargs={"connect_timeout": 60, "client_session_timeout_seconds": 60})
    held = {t.name: t for t in client.get_tools()}  # what the agent is given at connect
    try:

        async def list_names() -> list[str]:
            # what the agent is given (once protected, a listing made again)
            tools = await asyncio.to_thread(client.get_tools)
            held.update((t.name, t) for t in tools)
            return [t.name for t in tools]

        async def call(name: str, arguments: dict[str, Any]) -> tuple[bool, str]:
            if name not in held:
                return True, f"no tool {name}"
            return await text_call(held[name], arguments)

        yield Harness(client, list_names, call)
    finally:
        await asyncio.to_thread(client.disconnect)


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_smolagents_client(check: str, tmp_path: Path) -> None:
    CHECKS[check](connect, tmp_path)


class CallsAdapter(ToolAdapter):
    """An mcpadapt adapter whose tools are the calls themselves (name -> call): what any
    framework's adapter wraps."""

    def adapt(self, func: Any, mcp_tool: Any) -> Any:
        return mcp_tool.name, func

    def async_adapt(self, afunc: Any, mcp_tool: Any) -> Any:  # (mcpadapt's is not async)
        return mcp_tool.name, afunc


def test_mcpadapt_entered_async(tmp_path: Path) -> None:
    """An ``MCPAdapt`` entered with ``async with`` keeps its session on the caller's loop:
    verified there; a bad call through an adapted tool is refused, never sent, and a good
    one goes through."""
    log = tmp_path / "calls.jsonl"
    server = ["-m", "parity.runtime.drill.stdio_proxy", "--mode", "none", "--log", str(log),
              "--", sys.executable, "-m", "examples.workflow.server"]

    async def main() -> None:
        adapt = MCPAdapt(params(sys.executable, server), CallsAdapter(), connect_timeout=60,
                         client_session_timeout_seconds=60)
        async with adapt as tools:
            protection = await parity.protect(adapt, LOCK)
            assert not protection.unavailable
            calls = dict(tools)
            result = await calls[GOOD_CALL[0]]({**GOOD_CALL[1], "max_phases": "four"})
            assert result.isError and "local_failure: retry never" in result.content[0].text
            result = await calls[GOOD_CALL[0]](GOOD_CALL[1])
            assert not result.isError, result
            assert [o.ok for o in protection.outcomes] == [False, True]

    run(main)
    assert calls_seen(log) == ["propose_phases"]


def test_several_servers_are_refused(tmp_path: Path) -> None:
    """A lock pins one server: an ``MCPAdapt`` of two is refused, saying to protect one per
    server, and nothing is intercepted."""

    async def main() -> None:
        one = params(sys.executable, ["-m", "examples.workflow.server"])
        adapt = MCPAdapt([one, one], CallsAdapter(), connect_timeout=60)
        async with adapt:
            with pytest.raises(UnsupportedTarget, match="2 sessions: a lock pins one"):
                await parity.protect(adapt, LOCK)

    run(main)
