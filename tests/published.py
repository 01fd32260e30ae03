"""Published MCP servers (servers parity did not write), pinned, for the drill and probe tests.

``.ci/published-servers`` installs them into ``.ci/.servers/`` (or ``$PARITY_PUBLISHED_SERVERS``);
a test that needs one skips, saying why, when it or its runtime is missing.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from parity.mcp import ServerSpec

ROOT = Path(__file__).resolve().parent.parent
SERVERS = Path(os.environ.get("PARITY_PUBLISHED_SERVERS", ROOT / ".ci" / ".servers"))
INSTALL = "run .ci/published-servers to install the pinned published servers"

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
