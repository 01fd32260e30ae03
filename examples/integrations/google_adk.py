"""parity.protect on a google-adk McpToolset (google-adk 2.x, Python 3.11+): the toolset opens
its sessions itself (one per set of headers, and again after a drop), so protect opens the
first and every later one is verified against the lock before ADK uses it.
Run: python -m examples.integrations.google_adk"""

from __future__ import annotations

import asyncio

from google.adk.tools.mcp_tool import McpToolset, StdioConnectionParams
from mcp import StdioServerParameters

import parity
from examples.integrations._common import ARGS, COMMAND, LOCK, ROOT


async def main() -> None:
    toolset = McpToolset(connection_params=StdioConnectionParams(
        server_params=StdioServerParameters(command=COMMAND, args=ARGS, cwd=str(ROOT)),
        timeout=30))
    try:
        protection = await parity.protect(toolset, LOCK, mode="refuse-changed")
        print([t.name for t in await toolset.get_tools()])
        print("withheld:", sorted(protection.unavailable))
        # agent = LlmAgent(name="planner", model="gemini-2.5-flash", tools=[toolset])
        # a call the pinned schema refuses reaches the model as an error result:
        # {"content": [{"type": "text", "text": "local_failure: retry never: ..."}],
        #  "isError": true}
    finally:
        await toolset.close()


if __name__ == "__main__":
    asyncio.run(main())
