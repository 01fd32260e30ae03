"""parity.protect on a llama-index BasicMCPClient (llama-index-tools-mcp 0.6, mcp 2): the
client opens a new session for every listing and every call, so protect verifies one, and
every later one is verified against the lock before the client uses it.
Run: python -m examples.integrations.llama_index"""

from __future__ import annotations

import asyncio

from llama_index.tools.mcp import BasicMCPClient, McpToolSpec

import parity
from examples.integrations._common import ARGS, BAD, COMMAND, LOCK, ROOT


async def main() -> None:
    # (it takes no working directory: the example server is found through PYTHONPATH)
    client = BasicMCPClient(COMMAND, args=ARGS, env={"PYTHONPATH": str(ROOT)}, timeout=30)
    await parity.protect(client, LOCK, mode="refuse-changed")
    tools = {t.metadata.name: t for t in await McpToolSpec(client=client).to_tool_list_async()}
    print(sorted(tools))
    output = await tools["propose_phases"].acall(**BAD)
    print(output.raw_output.content[0].text)  # what the model reads: the refusal
    # agent = FunctionAgent(tools=list(tools.values()), llm=...)


if __name__ == "__main__":
    asyncio.run(main())
