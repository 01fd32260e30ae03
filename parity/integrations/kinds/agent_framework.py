"""Microsoft Agent Framework (``agent-framework-core`` 1.x, mcp 2): its ``MCPStdioTool``,
``MCPStreamableHTTPTool`` and ``MCPWebsocketTool`` given a client of the caller's own
(``mcp_client=client``), which the tool never re-creates: ``protect`` verifies that
client's session, then has the tool list again through the interception (``load_tools``),
so an agent given the tool afterwards is given verified tools only.

A tool that owns its connection (``command=``, ``url=``) opens a new ``Client`` on a failure
or a change of headers, and lists through it before anything of parity's could verify it:
refused, saying how to give it a client. The private ``_connection`` is used, checked.
"""

from __future__ import annotations

from typing import Any

from parity.integrations.kinds._base import TargetKind, UnsupportedTarget, mro_names

_TOOL = "agent_framework._mcp.MCPTool"
#: the versions whose tools keep their connection where this kind looks
SUPPORTED = "agent-framework-core 1.x (1.26 tested)"
#: how to protect a tool: the lines that work
GIVE_A_CLIENT = ("give the tool a client of your own, protected: `async with Client(...) as "
                 "client:`, `await parity.protect(client, LOCK)`, then "
                 "`MCPStdioTool(name, mcp_client=client)`")
_MISSING = object()


def session_of(tool: Any) -> Any:
    connection = getattr(tool, "_connection", _MISSING)
    name = f"agent-framework {type(tool).__name__}"
    if connection is _MISSING:
        raise UnsupportedTarget(f"{name}: no _connection, where {SUPPORTED} keeps its client",
                                hint="use a supported agent-framework-core version")
    if connection is None:
        raise UnsupportedTarget(f"{name}: no client to protect (it opens its own when it "
                                "connects)", hint=GIVE_A_CLIENT)
    if getattr(connection, "is_framework_owned", False):
        raise UnsupportedTarget(
            f"{name}: it opens its own mcp Client, and a new one on a failure or a change of "
            "headers, listing through it before parity could verify it", hint=GIVE_A_CLIENT)
    client = getattr(connection, "client", None)
    session = client.session if client is not None else getattr(connection, "session", None)
    if session is None:
        raise UnsupportedTarget(f"{name}: its client is not connected",
                                hint="enter the client (`async with Client(...)`) first")
    return session


async def relist(tool: Any) -> None:
    # the functions it listed before protect: listed again, through the interception (a tool
    # not connected yet lists when it connects, through it too)
    if tool.is_connected and tool.load_tools_flag:
        await tool.load_tools()


TOOL = TargetKind(
    name="agent-framework-tool",
    describes=f"an agent-framework MCPStdioTool, MCPStreamableHTTPTool or MCPWebsocketTool "
              f"given a client of your own, mcp_client= ({SUPPORTED})",
    detect=lambda target: _TOOL in mro_names(target), session_of=session_of, relist=relist)
