"""parity.protect on a pydantic-ai MCPToolset (1.x and 2.x; the 1.x MCPServerStdio works the
same, but declares `sampling`: lock it with `parity lock --capabilities sampling` or
`parity.lock_tools`). Run: python -m examples.integrations.pydantic_ai_toolset"""

from __future__ import annotations

import asyncio

from fastmcp.client.transports import StdioTransport
from pydantic_ai.exceptions import ModelRetry
from pydantic_ai.mcp import MCPToolset

import parity
from examples.integrations._common import ARGS, BAD, COMMAND, LOCK, ROOT


async def main() -> None:
    toolset = MCPToolset(StdioTransport(COMMAND, ARGS, cwd=str(ROOT)), init_timeout=30)
    async with toolset:  # keep it open around the agent's runs: protection lasts as long
        await parity.protect(toolset, LOCK, mode="refuse-changed")
        print([t.name for t in await toolset.list_tools()])
        try:
            await toolset.direct_call_tool("propose_phases", BAD)
        except ModelRetry as exc:  # what the model sees
            print("ModelRetry:", exc)
        # agent = Agent(model, toolsets=[toolset]); await agent.run(...)


if __name__ == "__main__":
    asyncio.run(main())
