"""parity.protect with langchain-mcp-adapters (mcp 1.x), both ways: on the client itself, whose
get_tools() tools open a session per call (each verified before its call), and on one session
the tools are loaded from (one verification for all).
Run: python -m examples.integrations.langchain"""

from __future__ import annotations

import asyncio

from langchain_mcp_adapters.client import MultiServerMCPClient
from langchain_mcp_adapters.tools import load_mcp_tools

import parity
from examples.integrations._common import ARGS, BAD, COMMAND, LOCK, ROOT


async def main() -> None:
    client = MultiServerMCPClient({"workflow": {"transport": "stdio", "command": COMMAND,
                                                "args": ARGS, "cwd": str(ROOT)}})
    # the client: server= names the one the lock pins (here its only one)
    await parity.protect(client, LOCK, mode="refuse-changed", server="workflow")
    tools = {t.name: t for t in await client.get_tools()}
    print(sorted(tools))
    message = await tools["propose_phases"].ainvoke(
        {"type": "tool_call", "id": "1", "name": "propose_phases", "args": BAD})
    print(message.status, message.content)
    # or one session, kept open around the agent's runs
    async with client.session("workflow") as session:
        tools = {t.name: t for t in await load_mcp_tools(session)}
        print(len(tools), "tools through one verified session")


if __name__ == "__main__":
    asyncio.run(main())
