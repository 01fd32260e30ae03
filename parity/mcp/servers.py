"""Test servers and the bundled example, written once for both SDK generations.

``new_server`` gives FastMCP (1.x) or MCPServer (2.x); ``listing_server`` a low-level
``Server`` listing raw definitions as they are; ``run_stdio``/``run_http`` serve them;
``lowlevel_server`` finds the low-level ``Server`` an in-process session runs.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

import anyio

from parity.mcp.sdk import SDK_MAJOR

#: answers one ``tools/call``: ``(name, arguments, as_task)`` -> the SDK's ``CallToolResult``
#: (or raises the SDK's error, answered as a JSON-RPC error)
ToolCall = Callable[[str, "dict[str, Any] | None", bool], Awaitable[Any]]


def new_server(name: str, **kw: Any) -> Any:
    """A FastMCP (1.x) or MCPServer (2.x) instance; ``@server.tool()`` works the same on both."""
    if SDK_MAJOR >= 2:
        from mcp.server.mcpserver import MCPServer

        return MCPServer(name, **kw)
    from mcp.server.fastmcp import FastMCP  # type: ignore[attr-defined,unused-ignore]

    return FastMCP(name, **kw)


def listing_server(name: str, definitions: Sequence[Mapping[str, Any]],
                   call: ToolCall | None = None) -> Any:
    """A low-level ``Server`` (1.x or 2.x) that lists ``definitions`` as they are, in one
    page (each read as the SDK's ``Tool``: fields a server's own models would not write,
    such as ``execution``, kept), and answers ``tools/call`` with ``call``, if given."""
    from mcp import types
    from mcp.server.lowlevel import Server

    tools = [types.Tool.model_validate(d) for d in definitions]
    if SDK_MAJOR >= 2:
        async def on_list_tools(ctx: Any, params: Any) -> Any:
            return types.ListToolsResult(tools=tools)

        handlers: dict[str, Any] = {"on_list_tools": on_list_tools}
        if call is not None:
            answer = call

            async def on_call_tool(ctx: Any, params: Any) -> Any:
                return await answer(params.name, params.arguments, params.task is not None)

            handlers["on_call_tool"] = on_call_tool
        return Server(name, **handlers)
    server = Server(name)

    @server.list_tools()  # type: ignore[misc,no-untyped-call,attr-defined,untyped-decorator,unused-ignore]
    async def list_tools() -> list[Any]:
        return tools

    if call is not None:
        answer_1x = call

        # the whole request, not the decorator's (name, arguments): whether it asks for a task
        async def call_tool(request: Any) -> Any:
            p = request.params
            return types.ServerResult(  # type: ignore[operator,unused-ignore]
                await answer_1x(p.name, p.arguments, p.task is not None))

        server.request_handlers[types.CallToolRequest] = call_tool  # type: ignore[attr-defined,unused-ignore]
    return server


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
    """Serve over stdin/stdout until stdin closes (a FastMCP, an MCPServer or a low-level
    ``Server``)."""
    from mcp.server.lowlevel import Server

    if not isinstance(server, Server):
        server.run("stdio")
        return

    async def serve() -> None:
        from mcp.server.stdio import stdio_server

        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())

    anyio.run(serve)


def run_http(server: Any, host: str = "127.0.0.1", port: int = 8000, *, path: str = "/mcp",
             json_response: bool = False) -> None:
    """Serve streamable HTTP on ``host:port`` (``path``) until killed (a FastMCP, an
    MCPServer, or on the 2.x SDK a low-level ``Server``)."""
    if SDK_MAJOR >= 2:
        from mcp.server.lowlevel import Server

        if isinstance(server, Server):  # served by uvicorn, as MCPServer serves itself
            import uvicorn

            app = server.streamable_http_app(streamable_http_path=path, host=host,
                                             json_response=json_response)
            uvicorn.run(app, host=host, port=port, log_level="warning")
            return
        server.run("streamable-http", host=host, port=port, streamable_http_path=path,
                   json_response=json_response)
        return
    # 1.x takes these as settings, not run() arguments
    server.settings.host = host
    server.settings.port = port
    server.settings.streamable_http_path = path
    server.settings.json_response = json_response
    server.run("streamable-http")
