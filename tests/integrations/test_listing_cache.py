"""A client's response cache (2.x ``Client``, fastmcp 4.x ``Client``: a server's ``ttlMs``
turns it on) answers listings without asking the session parity intercepts: after
``protect`` every listing is the verified one, not the copy cached before it (a withheld tool,
or every tool of a refused server, with a description asking for a secret, was listed to the
model). tests.servers.cached_listing serves the listings with the cache hint."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

import parity
from parity.errors import ToolDriftError
from tests.integrations.scenario import run

pytest.importorskip("mcp.server.caching", reason="the 2.x SDK's response cache")
from mcp import StdioServerParameters
from mcp.client.client import Client

pytestmark = pytest.mark.filterwarnings("ignore:ping is removed as of 2026-07-28")


def server(drift: bool) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=[
        "-m", "tests.servers.cached_listing", *(["--drift"] if drift else [])])


async def lock_of_clean_server(path: Path) -> None:
    async with Client(server(drift=False)) as client:
        await parity.lock_tools(client, path)


async def names(client: Any) -> list[str]:
    return sorted(t.name for t in (await client.list_tools()).tools)


def test_an_sdk_client_lists_what_parity_verified_not_what_it_cached(tmp_path):
    lock = tmp_path / "cached.lock.json"

    async def main() -> None:
        await lock_of_clean_server(lock)
        async with Client(server(drift=True)) as client:
            assert await names(client) == ["export", "lookup"]  # cached: the hint is honored
            protection = await parity.protect(client, lock, mode="refuse-changed")
            assert list(protection.unavailable) == ["export"]
            for _ in range(2):  # (the second within the hint's minute too)
                assert await names(client) == ["lookup"]
        async with Client(server(drift=True)) as client:
            await client.list_tools()
            with pytest.raises(ToolDriftError):
                await parity.protect(client, lock)
            assert await names(client) == []
    run(main)


def test_a_fastmcp_client_lists_what_parity_verified_not_what_it_cached(tmp_path):
    fastmcp = pytest.importorskip("fastmcp", reason="fastmcp is not installed")
    from fastmcp.client.transports import StdioTransport

    lock = tmp_path / "cached.lock.json"

    async def main() -> None:
        await lock_of_clean_server(lock)
        transport = StdioTransport(command=sys.executable,
                                   args=["-m", "tests.servers.cached_listing", "--drift"])
        async with fastmcp.Client(transport, cache=True) as client:  # (opt-in there)
            assert sorted(t.name for t in await client.list_tools()) == ["export", "lookup"]
            await parity.protect(client, lock, mode="refuse-changed")
            assert [t.name for t in await client.list_tools()] == ["lookup"]
    run(main)


def test_an_agent_framework_tool_offers_what_parity_verified_not_what_it_cached(tmp_path):
    agent_framework = pytest.importorskip("agent_framework", reason="agent-framework-core is "
                                          "not installed (extra frameworks-mcp2)")
    lock = tmp_path / "cached.lock.json"

    async def main() -> None:
        await lock_of_clean_server(lock)
        tool = agent_framework.MCPStdioTool(
            name="cached", command=sys.executable,
            args=["-m", "tests.servers.cached_listing", "--drift"])
        async with tool:
            assert sorted(f.name for f in tool.functions) == ["export", "lookup"]
            await parity.protect(tool, lock, mode="refuse-changed")
            assert [f.name for f in tool.functions] == ["lookup"]
    run(main)
