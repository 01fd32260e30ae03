"""Test servers and the bundled example, written once for both SDK generations.

``new_server`` gives FastMCP (1.x) or MCPServer (2.x); ``run_stdio``/``run_http`` serve it;
``lowlevel_server`` finds the low-level ``Server`` an in-process session runs.
"""

from __future__ import annotations

from typing import Any

from parity.mcp.sdk import SDK_MAJOR


def new_server(name: str, **kw: Any) -> Any:
    """A FastMCP (1.x) or MCPServer (2.x) instance; ``@server.tool()`` works the same on both."""
    if SDK_MAJOR >= 2:
        from mcp.server.mcpserver import MCPServer

        return MCPServer(name, **kw)
    from mcp.server.fastmcp import FastMCP  # type: ignore[attr-defined,unused-ignore]

    return FastMCP(name, **kw)


def lowlevel_server(server: Any) -> Any:
    """The low-level ``Server`` behind a FastMCP/MCPServer (or ``server`` itself)."""
    for attr in ("_lowlevel_server", "_mcp_server"):  # 2.x, 1.x
        inner = getattr(server, attr, None)
        if inner is not None:
            return inner
    if callable(getattr(server, "run", None)) and callable(
            getattr(server, "create_initialization_options", None)):
        return server
    raise TypeError(f"not an MCP server object: {type(server).__name__} (expected FastMCP, "
                    "MCPServer or mcp.server.lowlevel.Server)")


def run_stdio(server: Any) -> None:
    """Serve over stdin/stdout until stdin closes."""
    server.run("stdio")


def run_http(server: Any, host: str = "127.0.0.1", port: int = 8000, *, path: str = "/mcp",
             json_response: bool = False) -> None:
    """Serve streamable HTTP on ``host:port`` (``path``) until killed."""
    if SDK_MAJOR >= 2:
        server.run("streamable-http", host=host, port=port, streamable_http_path=path,
                   json_response=json_response)
        return
    # 1.x takes these as settings, not run() arguments
    server.settings.host = host
    server.settings.port = port
    server.settings.streamable_http_path = path
    server.settings.json_response = json_response
    server.run("streamable-http")
