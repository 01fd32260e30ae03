"""A tiny agent/server pair as JSON tool files, for tests that build a parity project."""

from __future__ import annotations

import json
from pathlib import Path

#: a parity.toml of one pair ``wf`` whose two sides are the tool files ``write_tools`` writes
TOOLS_FILES_CONFIG = """
[servers.wf]
tools_file = "tools/server.json"

[pairs.wf]
server = "wf"
agent = { tools_file = "tools/agent.json", tool_id_form = "{server}-mcp:{tool}" }
"""


#: a parity.toml of one pair ``p`` of server ``srv``, both sides tool files in the root
#: (``agent_tools.json``, ``server_tools.json``)
ONE_PAIR_CONFIG = """\
[servers.srv]
tools_file = "server_tools.json"
[pairs.p]
server = "srv"
[pairs.p.agent]
tools_file = "agent_tools.json"
"""


def search_tool(name: str, *fields: str, closed: bool = False) -> dict:
    schema: dict = {"type": "object", "required": ["query"],
                    "properties": {"query": {"type": "string"},
                                   **{f: {"type": "integer"} for f in fields}}}
    if closed:
        schema["additionalProperties"] = False
    return {"name": name, "inputSchema": schema}


def write_tools(root: Path, *agent_fields: str) -> None:
    """The agent sends ``query`` plus ``agent_fields``; the server takes ``query`` only."""
    (root / "tools").mkdir(exist_ok=True)
    (root / "tools" / "agent.json").write_text(
        json.dumps({"tools": [search_tool("wf-mcp:search", *agent_fields)]}, indent=2) + "\n")
    (root / "tools" / "server.json").write_text(
        json.dumps({"tools": [search_tool("search", closed=True)]}, indent=2) + "\n")
