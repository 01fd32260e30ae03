"""parity.protect under DSPy: DSPy builds its tools from an mcp session's listing and calls
through that session, so protecting the session guards every call. DSPy checks each argument
against its key's schema, but not that the required ones are there: `goal` left out passes
DSPy, and parity refuses it before it is sent. An error result raises, and ReAct hands the
model the exception as its observation.
Run: python -m examples.integrations.dspy"""

from __future__ import annotations

import asyncio

import dspy
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

import parity
from examples.integrations._common import ARGS, COMMAND, LOCK, ROOT


async def main() -> None:
    params = StdioServerParameters(command=COMMAND, args=ARGS, cwd=str(ROOT))
    async with stdio_client(params) as (read, write, *_), ClientSession(read, write) as session:
        await session.initialize()
        await parity.protect(session, LOCK, mode="refuse-changed")
        tools = [dspy.Tool.from_mcp_tool(session, t) for t in (await session.list_tools()).tools]
        print(sorted(t.name for t in tools))
        propose = next(t for t in tools if t.name == "propose_phases")
        try:
            await propose.acall(max_phases=3)  # no `goal`: DSPy sends it, parity does not
        except RuntimeError as exc:
            print(exc)  # what ReAct hands the model
        # react = dspy.ReAct("question -> answer", tools=tools)


if __name__ == "__main__":
    asyncio.run(main())
