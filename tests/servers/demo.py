"""A real SDK server (FastMCP on mcp 1.x, MCPServer on 2.x) built through parity's adapter.

``python -m tests.servers.demo`` serves stdio; ``--http PORT`` serves streamable HTTP on
127.0.0.1 (``--json-response``: answers as JSON bodies, not event streams). ``server`` is
importable for in-process use (``tests.servers.demo:server``).
"""

from __future__ import annotations

import os

import anyio
from pydantic import BaseModel

from parity.mcp import new_server
from tests.servers._serve import serve_from_argv

server = new_server("demo")


class Sum(BaseModel):
    total: int


@server.tool()
def add(a: int, b: int) -> Sum:
    """Add two integers."""
    return Sum(total=a + b)


@server.tool()
def echo(text: str, times: int = 1) -> str:
    """Echo the text."""
    return text * times


@server.tool()
def whoami() -> str:
    """Says the secret token from the environment (to test redaction)."""
    return f"token={os.environ.get('PARITY_TEST_SECRET', 'none')}"


@server.tool()
async def slow(seconds: float) -> str:
    """Sleeps, then answers."""
    await anyio.sleep(seconds)
    return "done"


if __name__ == "__main__":
    serve_from_argv(server)
