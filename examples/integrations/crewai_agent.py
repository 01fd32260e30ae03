"""parity.protect on a crewai Agent given its server as `mcps=[MCPServerStdio(...)]` (crewai
1.x, mcp 1): crewai opens a new session for each run's listing and for every call, and
protect has each verified against the lock before it is used. crewai is synchronous: run
protect with asyncio.run. crewai's own client drops an empty list from a call's arguments:
`{"phases": []}` would reach the server as `{}`, and parity refuses it first.
Run: python -m examples.integrations.crewai_agent"""

from __future__ import annotations

import asyncio
import os

os.environ.setdefault("CREWAI_DISABLE_TELEMETRY", "true")  # nothing leaves this machine

from crewai import Agent
from crewai.mcp import MCPServerStdio

import parity
from examples.integrations._common import ARGS, COMMAND, LOCK


def main() -> None:
    agent = Agent(role="planner", goal="plan a digest", backstory="a careful planner",
                  llm="openai/gpt-4o-mini", mcps=[MCPServerStdio(command=COMMAND, args=ARGS)])
    asyncio.run(parity.protect(agent, LOCK))
    # what a run (agent.kickoff(...)) resolves and offers the model: verified tools only
    tools = {t.original_tool_name: t for t in agent.get_mcp_tools(agent.mcps)}
    print(sorted(tools))
    # what the model reads for a call crewai would send emptied: the refusal
    print(tools["check_phases"].run(phases=[]).message)


if __name__ == "__main__":
    main()
