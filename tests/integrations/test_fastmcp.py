"""``parity.protect`` on a fastmcp ``Client`` (3.x on mcp 1.x, 4.x on mcp 2.x), driven through
``client.list_tools`` and ``client.call_tool``: the framework checks."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

import pytest

from tests.integrations.scenario import CHECKS, ROOT, Harness, check_published

fastmcp = pytest.importorskip("fastmcp", reason="fastmcp is not installed (extra "
                              "frameworks-mcp1 or frameworks-mcp2)")
pytestmark = pytest.mark.slow


@contextlib.asynccontextmanager
async def connect(command: str, args: list[str]) -> AsyncIterator[Harness]:
    from fastmcp.client.transports import StdioTransport

    async with fastmcp.Client(StdioTransport(command, args, cwd=str(ROOT))) as client:

        async def list_names() -> list[str]:
            return [t.name for t in await client.list_tools()]

        async def call(name: str, arguments: dict[str, Any]) -> tuple[bool, str]:
            try:
                result = await client.call_tool(name, arguments)
            except fastmcp.exceptions.ToolError as exc:  # its default on isError results
                return True, str(exc)
            return False, "\n".join(getattr(c, "text", "") for c in result.content)

        yield Harness(client, list_names, call)


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_fastmcp_client(check: str, tmp_path) -> None:
    CHECKS[check](connect, tmp_path)


def test_published_server_everything(tmp_path) -> None:
    check_published(connect, tmp_path)  # this client declares no capabilities
