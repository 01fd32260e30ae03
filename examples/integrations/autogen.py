"""parity.protect on an AutoGen McpWorkbench (autogen-ext 0.7, mcp 1.x), what an
AssistantAgent is given (`workbench=`): every listing and call of the workbench goes through
the verified session, and a restart (`stop()`, `start()`) is verified again before use. The
workbench checks no argument itself: the pinned schema's refusal is what the model reads,
as a failed function result.
Run: python -m examples.integrations.autogen"""

from __future__ import annotations

import asyncio

from autogen_ext.tools.mcp import McpWorkbench, StdioServerParams

import parity
from examples.integrations._common import ARGS, BAD, COMMAND, LOCK, ROOT


async def main() -> None:
    params = StdioServerParams(command=COMMAND, args=ARGS, cwd=str(ROOT))
    async with McpWorkbench(params) as workbench:
        await parity.protect(workbench, LOCK, mode="refuse-changed")
        print(sorted(t["name"] for t in await workbench.list_tools()))
        result = await workbench.call_tool("propose_phases", BAD)
        print(result.to_text())  # what the model reads: the refusal
        # agent = AssistantAgent("planner", model_client=..., workbench=workbench)


if __name__ == "__main__":
    asyncio.run(main())
