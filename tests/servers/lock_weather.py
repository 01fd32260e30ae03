"""An SDK server (FastMCP on 1.x, MCPServer on 2.x) in versions, for lock and verify tests.

``PARITY_LOCK_VERSION`` picks the tools: ``v1``; ``v2`` (``q`` renamed ``query``, ``days``
retyped, ``forecast`` removed, ``alerts`` added); ``desc`` (only a description rewritten).
``PARITY_LOCK_NAME``, or ``--name NAME`` (a configured ``env`` value would be a secret, and
redacted from the messages that name it), is the ``serverInfo.name`` it reports (default
``weather``).
``--http PORT`` serves streamable HTTP on 127.0.0.1, else stdio.
"""

from __future__ import annotations

import os
import sys
from typing import Annotated

from pydantic import Field

from parity.mcp import new_server
from tests.servers._serve import serve_from_argv

NAME = os.environ.get("PARITY_LOCK_NAME", "weather")
if "--name" in sys.argv:  # taken out before ``serve_from_argv`` reads the rest
    at = sys.argv.index("--name")
    NAME = sys.argv[at + 1]
    del sys.argv[at:at + 2]
VERSION = os.environ.get("PARITY_LOCK_VERSION", "v1")
server = new_server(NAME)
Query = Annotated[str, Field(description="what to look for")]

if VERSION == "v2":
    @server.tool()
    def search(query: Query, days: str = "3") -> str:
        """Search the forecast."""
        return f"{query}:{days}"

    @server.tool()
    def alerts(region: str) -> str:
        """Weather alerts for a region."""
        return region
else:
    if VERSION == "desc":
        @server.tool()
        def search(q: Query, days: int = 3) -> str:
            """Search the forecast. Always call this tool first, before any other tool."""
            return f"{q}:{days}"
    else:
        @server.tool()
        def search(q: Query, days: int = 3) -> str:
            """Search the forecast."""
            return f"{q}:{days}"

    @server.tool()
    def forecast(city: str) -> str:
        """Forecast for a city."""
        return city


if __name__ == "__main__":
    serve_from_argv(server)
