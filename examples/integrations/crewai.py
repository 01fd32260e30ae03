"""parity.protect on a crewai-tools MCPServerAdapter (crewai-tools 1.x over mcpadapt, mcp 1):
its session runs on a loop of mcpadapt's own, in a thread, where protect verifies it. crewai
is synchronous: run protect with asyncio.run. Once protected, each read of `tools` lists
again: verified tools only. crewai checks the arguments against the listed schema itself,
where every optional key may be null: a `null` for `max_phases` passes crewai, and parity
refuses it before the server does.
Run: python -m examples.integrations.crewai"""

from __future__ import annotations

import asyncio

from crewai_tools import MCPServerAdapter
from mcp import StdioServerParameters

import parity
from examples.integrations._common import ARGS, COMMAND, LOCK, ROOT


def main() -> None:
    params = StdioServerParameters(command=COMMAND, args=ARGS, cwd=str(ROOT))
    adapter = MCPServerAdapter(params, connect_timeout=60)  # (it connects here)
    try:
        asyncio.run(parity.protect(adapter, LOCK, mode="refuse-changed"))
        tools = adapter.tools
        print(sorted(t.name for t in tools))
        # what the model reads: the refusal
        print(tools["propose_phases"].run(goal="weekly digest", max_phases=None))
        # agent = Agent(role=..., goal=..., backstory=..., tools=tools)
    finally:
        adapter.stop()


if __name__ == "__main__":
    main()
