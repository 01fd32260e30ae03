"""parity.protect on a fastmcp Client (3.x on mcp 1.x, 4.x on mcp 2.x).
Run: python -m examples.integrations.fastmcp_client"""

from __future__ import annotations

import asyncio

from fastmcp import Client
from fastmcp.client.transports import StdioTransport

import parity
from examples.integrations._common import ARGS, BAD, COMMAND, LOCK, ROOT


async def main() -> None:
    async with Client(StdioTransport(COMMAND, ARGS, cwd=str(ROOT))) as client:
        await parity.protect(client, LOCK, mode="refuse-changed")
        print([t.name for t in await client.list_tools()])
        result = await client.call_tool("propose_phases", BAD, raise_on_error=False)
        print(result.is_error, result.content[0].text)


if __name__ == "__main__":
    asyncio.run(main())
