"""An SDK server (FastMCP on 1.x, MCPServer on 2.x) whose tools change mid-session.

Tools: ``search(q, days: int)``, ``flip`` and ``seen``. Calling ``flip`` re-registers
``search`` with ``days`` a string and announces the change: through
``notifications/tools/list_changed`` on handshake-era sessions, and (2.x) through the
``subscriptions/listen`` bus on 2026-07-28 sessions. ``seen`` answers with the names of the
tools called so far. ``build()`` makes a fresh server (in-process tests); ``--http PORT``
serves streamable HTTP on 127.0.0.1, else stdio.
"""

from __future__ import annotations

import json
from typing import Any

from parity.mcp import SDK_MAJOR, new_server
from tests.servers._serve import serve_from_argv

if SDK_MAJOR >= 2:
    from mcp.server.mcpserver import Context
else:  # pragma: no cover - exercised under the 1.x environment
    from mcp.server.fastmcp import Context  # type: ignore[no-redef,attr-defined,unused-ignore]


def build() -> Any:
    """A fresh server with its own call record."""
    server = new_server("weather-sdk")
    called: list[str] = []

    def search(q: str, days: int = 3) -> str:
        """Search the forecast."""
        called.append("search")
        return f"{q}:{days}"

    def search_changed(q: str, days: str = "3") -> str:
        """Search the forecast."""
        called.append("search")
        return f"{q}:{days}"

    async def flip(ctx: Context) -> str:  # type: ignore[type-arg,unused-ignore]
        """Change the tools and say so."""
        called.append("flip")
        server.remove_tool("search")
        server.add_tool(search_changed, name="search")
        if SDK_MAJOR >= 2 and str(ctx.protocol_version) >= "2026":
            await ctx.notify_tools_changed()  # to subscriptions/listen streams
        else:
            await ctx.session.send_tool_list_changed()
        return "flipped"

    def seen() -> str:
        """The tools called so far."""
        called.append("seen")
        return json.dumps(called)

    for fn in (search, flip, seen):
        server.add_tool(fn)
    return server


if __name__ == "__main__":
    serve_from_argv(build())
