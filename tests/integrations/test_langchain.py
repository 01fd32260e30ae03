"""``parity.protect`` on the session langchain-mcp-adapters loads its tools from
(``MultiServerMCPClient.session(name)``, then ``load_mcp_tools(session)``); driven through the
LangChain tools (an error result becomes a ``ToolMessage`` with status ``error``): the
framework checks."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

import pytest

from tests.integrations.scenario import CHECKS, ROOT, Harness, check_published

adapters = pytest.importorskip("langchain_mcp_adapters", reason="langchain-mcp-adapters is "
                               "not installed (extra frameworks-mcp1)")
pytestmark = pytest.mark.slow


@contextlib.asynccontextmanager
async def connect(command: str, args: list[str]) -> AsyncIterator[Harness]:
    from langchain_core.tools import ToolException
    from langchain_mcp_adapters.client import MultiServerMCPClient
    from langchain_mcp_adapters.tools import load_mcp_tools

    client = MultiServerMCPClient({"workflow": {"transport": "stdio", "command": command,
                                                "args": args, "cwd": str(ROOT)}})
    async with client.session("workflow") as session:

        async def list_names() -> list[str]:
            return [t.name for t in await load_mcp_tools(session)]

        async def call(name: str, arguments: dict[str, Any]) -> tuple[bool, str]:
            tools = {t.name: t for t in await load_mcp_tools(session)}
            if name not in tools:  # withheld: no LangChain tool exists; the session refuses
                result = await session.call_tool(name, arguments)
                return bool(result.isError), "\n".join(getattr(c, "text", "")
                                                      for c in result.content)
            # as an agent calls it: a tool call in, a ToolMessage out (status "error" for an
            # isError result, which the adapters surface to the model as a failed tool output)
            try:
                message = await tools[name].ainvoke({"type": "tool_call", "id": "call-1",
                                                     "name": name, "args": arguments})
            except ToolException as exc:
                return True, str(exc)
            return message.status == "error", str(message.content)

        yield Harness(session, list_names, call)


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_langchain_session(check: str, tmp_path) -> None:
    CHECKS[check](connect, tmp_path)


def test_published_server_everything(tmp_path) -> None:
    check_published(connect, tmp_path)  # this client declares no capabilities
