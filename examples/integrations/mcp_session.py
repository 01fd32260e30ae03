"""parity.protect on an mcp SDK ClientSession (1.x or 2.x); the same session is what
langchain-mcp-adapters loads its tools from. Run: python -m examples.integrations.mcp_session"""

from __future__ import annotations

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

import parity
from examples.integrations._common import ARGS, BAD, COMMAND, LOCK, ROOT


async def main() -> None:
    params = StdioServerParameters(command=COMMAND, args=ARGS, cwd=str(ROOT))
    async with stdio_client(params) as (read, write, *_), ClientSession(read, write) as session:
        await session.initialize()
        await parity.protect(session, LOCK, mode="refuse-changed")       # the one line
        print([t.name for t in (await session.list_tools()).tools])      # verified tools only
        result = await session.call_tool("propose_phases", BAD)          # refused, not sent
        print(result.content[0].text)


if __name__ == "__main__":
    anyio.run(main)
