"""parity.protect on a smolagents MCPClient (smolagents 1.x over mcpadapt, mcp 1): its session
runs on a loop of mcpadapt's own, in a thread, where protect verifies it. smolagents is
synchronous: run protect with asyncio.run. Once protected, get_tools() lists again: verified
tools only.
Run: python -m examples.integrations.smolagents"""

from __future__ import annotations

import asyncio

from mcp import StdioServerParameters
from smolagents import MCPClient

import parity
from examples.integrations._common import ARGS, BAD, COMMAND, LOCK, ROOT


def main() -> None:
    params = StdioServerParameters(command=COMMAND, args=ARGS, cwd=str(ROOT))
    client = MCPClient(params, structured_output=False)  # (it connects here)
    try:
        asyncio.run(parity.protect(client, LOCK, mode="refuse-changed"))
        tools = {t.name: t for t in client.get_tools()}
        print(sorted(tools))
        print(tools["propose_phases"](**BAD))  # what the model reads: the refusal
        # agent = CodeAgent(tools=list(tools.values()), model=...)
    finally:
        client.disconnect()


if __name__ == "__main__":
    main()
