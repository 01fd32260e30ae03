"""parity.protect with langchain-mcp-adapters (mcp 1.x): protect the session the tools are
loaded from. Run: python -m examples.integrations.langchain"""

from __future__ import annotations

import asyncio

from langchain_mcp_adapters.client import MultiServerMCPClient
from langchain_mcp_adapters.tools import load_mcp_tools

import parity
from examples.integrations._common import ARGS, BAD, COMMAND, LOCK, ROOT


async def main() -> None:
    client = MultiServerMCPClient({"workflow": {"transport": "stdio", "command": COMMAND,
                                                "args": ARGS, "cwd": str(ROOT)}})
    async with client.session("workflow") as session:  # not get_tools(): one session per call
        await parity.protect(session, LOCK, mode="refuse-changed")
        tools = {t.name: t for t in await load_mcp_tools(session)}
        print(sorted(tools))
        message = await tools["propose_phases"].ainvoke(
            {"type": "tool_call", "id": "1", "name": "propose_phases", "args": BAD})
        print(message.status, message.content)


if __name__ == "__main__":
    asyncio.run(main())
