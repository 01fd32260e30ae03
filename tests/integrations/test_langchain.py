"""``parity.protect`` in langchain-mcp-adapters, driven through the LangChain tools (an error
result becomes a ``ToolMessage`` with status ``error``): on the session it loads its tools
from (``MultiServerMCPClient.session(name)``, then ``load_mcp_tools(session)``), and on the
``MultiServerMCPClient`` itself, whose ``get_tools()`` tools open a session per call (over
stdio, a new server process): the framework checks, but the mid-session rug pull there."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import AsyncIterator
from typing import Any

import pytest

import parity
from parity.integrations import UnsupportedTarget
from tests.integrations.scenario import (
    BAD_CALL,
    CHECKS,
    GOOD_CALL,
    LOCK,
    ROOT,
    Harness,
    built_harness,
    calls_seen,
    check_published,
    run,
)

adapters = pytest.importorskip("langchain_mcp_adapters", reason="langchain-mcp-adapters is "
                               "not installed (extra frameworks-mcp1)")
pytestmark = pytest.mark.slow


def stdio(command: str, args: list[str]) -> dict[str, Any]:
    return {"transport": "stdio", "command": command, "args": args, "cwd": str(ROOT)}


async def agent_call(tool: Any, arguments: dict[str, Any]) -> tuple[bool, str]:
    """As an agent calls a LangChain tool: a tool call in, a ``ToolMessage`` out (status
    ``error`` for an ``isError`` result, which the adapters surface to the model as a failed
    tool output)."""
    from langchain_core.tools import ToolException

    try:
        message = await tool.ainvoke({"type": "tool_call", "id": "call-1", "name": tool.name,
                                      "args": arguments})
    except ToolException as exc:
        return True, str(exc)
    return message.status == "error", str(message.content)


@contextlib.asynccontextmanager
async def connect(command: str, args: list[str]) -> AsyncIterator[Harness]:
    from langchain_mcp_adapters.client import MultiServerMCPClient
    from langchain_mcp_adapters.tools import load_mcp_tools

    client = MultiServerMCPClient({"workflow": stdio(command, args)})
    async with client.session("workflow") as session:

        async def tools() -> dict[str, Any]:
            return {t.name: t for t in await load_mcp_tools(session)}

        yield built_harness(session, session, tools, agent_call)


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_langchain_session(check: str, tmp_path) -> None:
    CHECKS[check](connect, tmp_path)


def test_published_server_everything(tmp_path) -> None:
    check_published(connect, tmp_path)  # this client declares no capabilities


@contextlib.asynccontextmanager
async def connect_client(command: str, args: list[str]) -> AsyncIterator[Harness]:
    """The client itself: its ``get_tools()`` and the tools it gives, each call on a session
    of its own."""
    from langchain_mcp_adapters.client import MultiServerMCPClient

    client = MultiServerMCPClient({"workflow": stdio(command, args)})
    held: dict[str, Any] = {}  # the tools an agent was given by an earlier get_tools()

    async def list_names() -> list[str]:
        tools = await client.get_tools()
        held.update((t.name, t) for t in tools)
        return [t.name for t in tools]

    async def call(name: str, arguments: dict[str, Any]) -> tuple[bool, str]:
        # an agent calls the tools it was given; one it was never given, it looks for again
        if name not in held and name not in await list_names():
            return True, f"no tool {name}"
        return await agent_call(held[name], arguments)

    # (the checks protect right away: an agent's tools from before, as get_tools gave them)
    held.update((t.name, t) for t in await client.get_tools())
    yield Harness(client, list_names, call)


#: the checks that hold with a session per call (the rug pull changes a tool within one
#: session, which a new session per call, over stdio a new server process, never sees)
PER_CALL_CHECKS = sorted(set(CHECKS) - {"rug_pull"})


@pytest.mark.parametrize("check", PER_CALL_CHECKS)
def test_langchain_client(check: str, tmp_path) -> None:
    CHECKS[check](connect_client, tmp_path)


def test_client_calls_are_verified_each_time(tmp_path) -> None:
    """Each call a ``get_tools()`` tool makes opens a session (over stdio, a new server
    process): it is verified before the call. The server drifts between two calls: the next
    call raises the drift with its field paths, ``get_tools()`` too, and nothing is sent."""
    from langchain_mcp_adapters.client import MultiServerMCPClient

    mode, log = tmp_path / "mode", tmp_path / "calls.jsonl"
    mode.write_text("none")
    seen: list[str] = []

    async def main() -> None:
        client = MultiServerMCPClient({"workflow": stdio(
            sys.executable, ["-m", "tests.servers.switch", str(mode), str(log)])})
        await parity.protect(client, LOCK)
        tools = {t.name: t for t in await client.get_tools()}
        failed, text = await agent_call(tools[GOOD_CALL[0]], GOOD_CALL[1])
        assert not failed, text
        mode.write_text("drift")
        for attempt in (lambda: agent_call(tools[GOOD_CALL[0]], GOOD_CALL[1]),
                        client.get_tools):
            with pytest.raises(parity.ToolDriftError) as raised:
                await attempt()
            seen.append(str(raised.value))

    run(main)
    assert len(seen) == 2
    for text in seen:
        assert "renamed `phases[].phase_id` -> `phases[].phase_id_renamed`" in text
    assert calls_seen(log) == ["propose_phases"]


def test_client_of_several_servers(tmp_path) -> None:
    """A lock pins one server: of a client of two, ``protect`` wants the one named (and says
    which there are); the other server's tools and calls are left as they are, the named
    one's are verified and guarded."""
    from langchain_mcp_adapters.client import MultiServerMCPClient

    server = stdio(sys.executable, ["-m", "examples.workflow.server"])
    other = stdio(sys.executable, ["-m", "tests.servers.rug_pull"])

    async def main() -> None:
        client = MultiServerMCPClient({"workflow": server, "docs": other},
                                      tool_name_prefix=True)
        with pytest.raises(UnsupportedTarget, match=r"2 servers \(it has: workflow, docs\)"):
            await parity.protect(client, LOCK)
        with pytest.raises(UnsupportedTarget, match="no server 'nope'"):
            await parity.protect(client, LOCK, server="nope")
        protection = await parity.protect(client, LOCK, server="workflow")
        tools = {t.name: t for t in await client.get_tools()}
        assert sorted(tools) == sorted(["docs_rugpull", "docs_search",
                                        *(f"workflow_{t}" for t in protection.tools)])
        failed, text = await agent_call(tools[f"workflow_{BAD_CALL[0]}"], BAD_CALL[1])
        assert failed and "local_failure: retry never" in text, text
        failed, text = await agent_call(tools["docs_search"], {"q": "x"})
        assert not failed and "results for x" in text, text
        assert [o.ok for o in protection.outcomes] == [False]

    run(main)


def test_client_rug_pull_over_http(http_server: Any, tmp_path) -> None:
    """Over streamable HTTP the server outlives the client's sessions: a tool it changes
    without a word after a call (tests.servers.rug_pull, a poisoned description) is left out
    of the next ``get_tools()`` (refuse-changed), explained by field in ``unavailable``, and
    a call an agent still makes to it is refused, never sent."""
    from langchain_mcp_adapters.client import MultiServerMCPClient

    url = http_server("tests.servers.rug_pull", path="/mcp")
    lock = tmp_path / "rug.lock.json"

    async def main() -> None:
        client = MultiServerMCPClient({"docs": {"transport": "streamable_http", "url": url}})
        await parity.lock_tools(client, lock)
        protection = await parity.protect(client, lock, mode="refuse-changed")
        tools = {t.name: t for t in await client.get_tools()}
        assert sorted(tools) == ["rugpull", "search"]
        failed, text = await agent_call(tools["rugpull"], {})
        assert not failed, text
        assert [t.name for t in await client.get_tools()] == ["rugpull"]
        change = protection.unavailable["search"].change
        assert [c.field for c in change.surface] == ["description"]
        failed, text = await agent_call(tools["search"], {"q": "x"})
        assert failed and "drifted: retry never" in text, text
        assert [o.ok for o in protection.outcomes] == [True, False]

    run(main)
