"""parity.protect on a strands-agents MCPClient (strands-agents 1.x, mcp 1): its session runs
on a loop of its own in a background thread, where protect verifies it; a later start() is
verified again before it returns. strands is synchronous: run protect with asyncio.run.
Run: python -m examples.integrations.strands"""

from __future__ import annotations

import asyncio

from mcp import StdioServerParameters, stdio_client
from strands.tools.mcp import MCPClient

import parity
from examples.integrations._common import ARGS, BAD, COMMAND, LOCK, ROOT


def main() -> None:
    params = StdioServerParameters(command=COMMAND, args=ARGS, cwd=str(ROOT))
    with MCPClient(lambda: stdio_client(params), startup_timeout=30) as client:
        asyncio.run(parity.protect(client, LOCK, mode="refuse-changed"))
        tools = client.list_tools_sync()
        print([t.tool_name for t in tools])
        result = client.call_tool_sync("use-1", "propose_phases", BAD)
        print(result["status"], result["content"][0]["text"])
        # agent = Agent(tools=tools); agent("...")


if __name__ == "__main__":
    main()
