"""``parity.protect`` on an openai-agents ``MCPServerStdio`` (its ``list_tools`` and
``call_tool``, which the agent's tool invocations use): the framework checks."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import AsyncIterator
from typing import Any

import pytest

from tests.integrations.scenario import CHECKS, ROOT, Harness, check_published, result_text

agents_mcp = pytest.importorskip("agents.mcp", reason="openai-agents is not installed (extra "
                                 "frameworks-mcp1 or frameworks-mcp2)")
pytestmark = pytest.mark.slow


@contextlib.asynccontextmanager
async def connect(command: str, args: list[str], *, cache: bool = False,
                  ) -> AsyncIterator[Harness]:
    server = agents_mcp.MCPServerStdio(
        params={"command": command, "args": args, "cwd": str(ROOT)}, name="workflow",
        # its 5 s default is too short for a proxy and a server to start on a busy machine
        client_session_timeout_seconds=60, cache_tools_list=cache)
    async with server:

        async def list_names() -> list[str]:
            return [t.name for t in await server.list_tools()]

        async def call(name: str, arguments: dict[str, Any]) -> tuple[bool, str]:
            return result_text(await server.call_tool(name, arguments))

        yield Harness(server, list_names, call)


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_openai_agents_server(check: str, tmp_path) -> None:
    CHECKS[check](connect, tmp_path)


@pytest.mark.parametrize("check", ["refused_stays_closed", "withheld"])
def test_a_listing_cached_before_protect_is_not_offered(check: str, tmp_path) -> None:
    """``cache_tools_list=True``, listed at connect: the cached listing (the drifted tools,
    a description rewritten) was offered after protect, refused or withholding."""
    CHECKS[check](functools.partial(connect, cache=True), tmp_path)


def test_published_server_everything(tmp_path) -> None:
    check_published(connect, tmp_path)  # this client declares no capabilities
