"""Microsoft Agent Framework (``agent-framework-core`` 1.x, mcp 2): its ``MCPStdioTool``,
``MCPStreamableHTTPTool`` and ``MCPWebsocketTool``. ``protect`` verifies the session of the
tool's connection, then has the tool list again through the interception (``load_tools``),
so an agent given the tool afterwards is given verified tools only.

A tool that owns its client (``command=``, ``url=``) opens a new one after a connection is
lost, on ``connect(reset=True)``, or when an HTTP tool's headers change, and lists and calls
through it at once. Every listing and call takes the connection from the tool's private
``_require_connection()``, which is wrapped on the instance: the connection it hands out
waits for its session to be verified against the lock, with the same options, before it
lists or calls anything (``Protection.also``); a refused one raises its refusal again each
time. A client of the caller's own (``mcp_client=``) is never replaced. The private
``_connection`` and ``_require_connection`` are used, checked.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from parity.integrations.kinds._base import TargetKind, UnsupportedTarget, mro_names
from parity.integrations.kinds._checks import MARK, SessionVerdicts, replace_once
from parity.mcp.uncached import uncache_listings

_TOOL = "agent_framework._mcp.MCPTool"
#: the versions whose tools keep their connection where this kind looks
SUPPORTED = "agent-framework-core 1.x (1.26 tested)"
#: on the instance: its own ``_require_connection``, kept where ``replace_once`` put it
ORIGINAL = "__parity_require_connection__"
_MISSING = object()


def _session_of_connection(connection: Any) -> Any:
    client = getattr(connection, "client", None)
    return client.session if client is not None else getattr(connection, "session", None)


def session_of(tool: Any) -> Any:
    connection = getattr(tool, "_connection", _MISSING)
    name = f"agent-framework {type(tool).__name__}"
    if connection is _MISSING or not callable(getattr(tool, "_require_connection", None)):
        raise UnsupportedTarget(f"{name}: no _connection, where {SUPPORTED} keeps its client",
                                hint="use a supported agent-framework-core version")
    session = _session_of_connection(connection) if connection is not None else None
    if session is None:
        raise UnsupportedTarget(f"{name}: not connected, so there is no session to protect",
                                hint="call parity.protect inside `async with tool:`")
    return session


class VerifiedConnection:
    """The tool's connection, as its ``_require_connection()`` hands it out once protected:
    its listings and calls wait for its session's verification."""

    def __init__(self, connection: Any, verdicts: SessionVerdicts) -> None:
        self.connection = connection
        self.verdicts = verdicts
        uncache_listings(getattr(connection, "client", None))  # (a client opened since)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.connection, name)

    async def list_tools_page(self, *args: Any, **kwargs: Any) -> Any:
        await self.verdicts.verify(_session_of_connection(self.connection))
        return await self.connection.list_tools_page(*args, **kwargs)

    async def call_tool(self, *args: Any, **kwargs: Any) -> Any:
        await self.verdicts.verify(_session_of_connection(self.connection))
        return await self.connection.call_tool(*args, **kwargs)


def after_protect(tool: Any, protection: Any) -> None:
    setattr(tool, MARK, protection)
    # what it listed before: dropped (first with the closed interception, before verifying:
    # a refused tool then offers an agent none; ``relist`` loads the verified ones), and its
    # client's response cache passes listings through (a cached one skips the interception)
    if isinstance(getattr(tool, "_functions", None), list):
        tool._functions.clear()
    uncache_listings(getattr(tool._connection, "client", None))

    def verifying(original: Callable[[], Any]) -> Callable[[], Any]:
        verdicts = SessionVerdicts(tool, "agent-framework", "close the tool and protect it again")

        @functools.wraps(original)
        def _require_connection() -> Any:
            return VerifiedConnection(original(), verdicts)
        return _require_connection

    replace_once(tool, "_require_connection", ORIGINAL, verifying)


async def relist(tool: Any) -> None:
    # the functions it listed before protect: listed again, through the interception (a tool
    # not connected yet lists when it connects, through it too)
    if tool.is_connected and tool.load_tools_flag:
        await tool.load_tools()


TOOL = TargetKind(
    name="agent-framework-tool",
    describes=f"an agent-framework MCPStdioTool, MCPStreamableHTTPTool or MCPWebsocketTool "
              f"({SUPPORTED})",
    detect=lambda target: _TOOL in mro_names(target), session_of=session_of,
    after_protect=after_protect, relist=relist)
