"""Published MCP servers (servers parity did not write), pinned, for the drill and probe tests.

``.ci/published-servers`` installs them into ``.ci/.servers/`` (or ``$PARITY_PUBLISHED_SERVERS``);
a test that needs one skips, saying why, when it or its runtime is missing.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from parity.mcp import ServerSpec

ROOT = Path(__file__).resolve().parent.parent
SERVERS = Path(os.environ.get("PARITY_PUBLISHED_SERVERS", ROOT / ".ci" / ".servers"))
INSTALL = "run .ci/published-servers to install the pinned published servers"
#: real answers of published servers, captured (tests/fixtures/published/README.md)
FIXTURES = ROOT / "tests" / "fixtures" / "published"


def captured(answers: str, tools: str) -> tuple[list[dict[str, Any]],
                                                dict[tuple[str, str], dict[str, Any]]]:
    """The captured answers in ``FIXTURES/answers`` and the tool definitions in
    ``FIXTURES/tools``, by (server, tool name)."""
    listed = json.loads((FIXTURES / tools).read_text(encoding="utf-8"))
    return (json.loads((FIXTURES / answers).read_text(encoding="utf-8")),
            {(server, tool["name"]): tool for server, defs in listed.items() for tool in defs})

#: npm package -> its entry script inside node_modules
NPM = {
    "server-everything": "@modelcontextprotocol/server-everything/dist/index.js",
    "server-memory": "@modelcontextprotocol/server-memory/dist/index.js",
    "server-filesystem": "@modelcontextprotocol/server-filesystem/dist/index.js",
}


def npm_server(name: str, *args: str, env: dict[str, str] | None = None) -> ServerSpec:
    """The spec of a pinned npm server over stdio, or a skip naming what is missing."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the npm servers cannot run here")
    script = SERVERS / "npm" / "node_modules" / NPM[name]
    if not script.is_file():
        pytest.skip(f"@modelcontextprotocol/{name} is not installed ({script}): {INSTALL}")
    return ServerSpec(kind="stdio", name=name, command=(node, str(script), *args),
                      env=env or {}, start_timeout=60.0)


def time_server() -> ServerSpec:
    """mcp-server-time (PyPI) from its own venv, or a skip naming what is missing."""
    python = SERVERS / "pypi" / "bin" / "python"
    if not python.is_file():
        pytest.skip(f"mcp-server-time is not installed ({python}): {INSTALL}")
    return ServerSpec(kind="stdio", name="time", command=(str(python), "-m", "mcp_server_time"),
                      start_timeout=60.0)
