"""parity.protect on an openai-agents MCPServerStdio.
Run: python -m examples.integrations.openai_agents"""

from __future__ import annotations

import asyncio

from agents.mcp import MCPServerStdio

import parity
from examples.integrations._common import ARGS, BAD, COMMAND, LOCK, ROOT


async def main() -> None:
    server = MCPServerStdio(params={"command": COMMAND, "args": ARGS, "cwd": str(ROOT)},
                            name="workflow", client_session_timeout_seconds=30)
    async with server:
        await parity.protect(server, LOCK, mode="refuse-changed")
        print([t.name for t in await server.list_tools()])
        result = await server.call_tool("propose_phases", BAD)
        print(result.isError if hasattr(result, "isError") else result.is_error,
              result.content[0].text)
        # agent = Agent(name=..., mcp_servers=[server]); await Runner.run(agent, ...)


if __name__ == "__main__":
    asyncio.run(main())
