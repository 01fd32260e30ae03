"""parity.protect on an agno MCPTools (agno 3.x, its session a fastmcp Client on mcp 2): agno
registers a function per tool when it connects; once verified, protect has it register them
again: verified tools only. An error result reaches the model as the text
`Error from MCP tool '<name>': [...]`, parity's refusal inside.
Run: python -m examples.integrations.agno"""

from __future__ import annotations

import asyncio

from agno.tools.function import FunctionCall
from agno.tools.mcp import MCPTools
from mcp import StdioServerParameters

import parity
from examples.integrations._common import ARGS, BAD, COMMAND, LOCK, ROOT


async def main() -> None:
    params = StdioServerParameters(command=COMMAND, args=ARGS, cwd=str(ROOT))
    async with MCPTools(server_params=params, transport="stdio") as tools:
        await parity.protect(tools, LOCK, mode="refuse-changed")
        print(sorted(tools.functions))
        call = FunctionCall(function=tools.functions["propose_phases"], arguments=BAD)
        print((await call.aexecute()).result.content)  # what the model reads: the refusal
        # agent = Agent(model=..., tools=[tools])


if __name__ == "__main__":
    asyncio.run(main())
