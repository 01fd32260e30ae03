"""parity.protect on a Microsoft Agent Framework MCPStdioTool (agent-framework-core 1.x, mcp
2). The tool opens its own client, and a new one after a lost connection: each is verified
before the tool lists through it. Once protected, the tool lists again: verified tools only.
The framework checks the arguments' top level itself; a nested object of other keys passes
it, and parity refuses it before the server does. (The tool's client declares `sampling`:
for a server that lists by capabilities, lock with `parity lock --capabilities sampling`.)
Run: python -m examples.integrations.agent_framework"""

from __future__ import annotations

import asyncio

from agent_framework import MCPStdioTool

import parity
from examples.integrations._common import ARGS, COMMAND, LOCK

#: the stub's phases[{name, tool_id}] where the server wants phases[{phase_id, tools}]
NESTED = {"phases": [{"name": "gather", "tool_id": "web__search"}]}


async def main() -> None:
    async with MCPStdioTool(name="workflow", command=COMMAND, args=ARGS,
                            load_prompts=False) as tool:
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
