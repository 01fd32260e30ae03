"""parity.protect on a Semantic Kernel MCPStdioPlugin (semantic-kernel 1.x, mcp 1.x): the
plugin registers a kernel function per tool when it connects; once verified, protect has it
register them again: verified tools only. Semantic Kernel hands the model a tool's content
whether the result is an error or not: parity's refusal is the text the model reads.
Run: python -m examples.integrations.semantic_kernel"""

from __future__ import annotations

import asyncio

from semantic_kernel import Kernel
from semantic_kernel.connectors.mcp import MCPStdioPlugin
from semantic_kernel.functions import KernelArguments

import parity
from examples.integrations._common import ARGS, BAD, COMMAND, LOCK


async def main() -> None:
    async with MCPStdioPlugin(name="workflow", command=COMMAND, args=ARGS) as plugin:
        await parity.protect(plugin, LOCK, mode="refuse-changed")
        kernel = Kernel()
        tools = kernel.add_plugin(plugin)  # after protect: verified tools only
        print(sorted(tools.functions))
        result = await kernel.invoke(tools["propose_phases"], KernelArguments(**BAD))
        print("".join(str(item) for item in result.value))  # what the model reads


if __name__ == "__main__":
    asyncio.run(main())
