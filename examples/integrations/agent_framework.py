"""parity.protect on a Microsoft Agent Framework MCPStdioTool (agent-framework-core 1.x, mcp
2) given a client of your own: the tool never re-creates it, so the session parity verifies
is the one every listing and call goes through. Once protected, the tool lists again:
verified tools only. The framework checks the arguments' top level itself; a nested object
of other keys passes it, and parity refuses it before the server does.
Run: python -m examples.integrations.agent_framework"""

from __future__ import annotations

import asyncio

from agent_framework import MCPStdioTool
from mcp import StdioServerParameters
from mcp.client.client import Client

import parity
from examples.integrations._common import ARGS, COMMAND, LOCK, ROOT

#: the stub's phases[{name, tool_id}] where the server wants phases[{phase_id, tools}]
NESTED = {"phases": [{"name": "gather", "tool_id": "web__search"}]}


async def main() -> None:
    params = StdioServerParameters(command=COMMAND, args=ARGS, cwd=str(ROOT))
    async with Client(params) as client, \
            MCPStdioTool(name="workflow", mcp_client=client, load_prompts=False) as tool:
        await parity.protect(tool, LOCK, mode="refuse-changed")
        functions = {f.name: f for f in tool.functions}
        print(sorted(functions))
        try:
            await functions["check_phases"].invoke(arguments=NESTED)
        except Exception as exc:  # what the model reads (include_detailed_errors=True)
            print(exc)
        # agent = Agent(client=chat_client, tools=tool)


if __name__ == "__main__":
    asyncio.run(main())
