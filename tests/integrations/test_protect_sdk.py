"""``parity.protect`` on the ``mcp`` SDK's own ``ClientSession`` (both SDK generations): the
five framework checks (tests.integrations.scenario), through ``session.list_tools`` and
``session.call_tool`` as any framework calls them."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from tests.integrations.scenario import CHECKS, ROOT, Harness

pytestmark = pytest.mark.slow


def result_text(result: Any) -> tuple[bool, str]:
    failed = getattr(result, "isError", None)
    if failed is None:
        failed = result.is_error  # 2.x names it so
    return bool(failed), "\n".join(getattr(c, "text", "") for c in result.content)


@contextlib.asynccontextmanager
async def connect(command: str, args: list[str]) -> AsyncIterator[Harness]:
    params = StdioServerParameters(command=command, args=args, cwd=str(ROOT))
    async with stdio_client(params) as (read, write, *_), ClientSession(read, write) as session:
        await session.initialize()

        async def list_names() -> list[str]:
            return [t.name for t in (await session.list_tools()).tools]

        async def call(name: str, arguments: dict[str, Any]) -> tuple[bool, str]:
            return result_text(await session.call_tool(name, arguments))

        yield Harness(session, list_names, call)


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_mcp_client_session(check: str, tmp_path) -> None:
    CHECKS[check](connect, tmp_path)
