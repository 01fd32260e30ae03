"""mcpadapt, which smolagents' ``MCPClient`` (and crewai's ``MCPServerAdapter``) adapt MCP
tools with: an ``MCPAdapt`` keeps its ``mcp`` sessions in its public ``sessions``, one per
server it was given, and, used synchronously (``with MCPAdapt(...)``, or through smolagents),
runs them on its public ``loop`` in a thread of its own, where ``protect`` verifies the
session (``session_loop``). A lock pins one server: an ``MCPAdapt`` of several is refused
(protect one per server). smolagents' ``MCPClient`` keeps its ``MCPAdapt`` in the private
``_adapter``: checked, refused with the supported versions when missing. It lists its tools
when it connects, before ``protect``, and keeps them: once protected, its ``get_tools()``
lists again through the interception (mcpadapt's public ``tools()``), verified tools only.
"""

from __future__ import annotations

import asyncio
import functools
from typing import Any

from parity.integrations.kinds._base import TargetKind, UnsupportedTarget, mro_names
from parity.integrations.kinds._checks import MARK

_ADAPT = "mcpadapt.core.MCPAdapt"
_SMOLAGENTS = "smolagents.mcp_client.MCPClient"
#: the versions whose objects keep their sessions where these kinds look
SUPPORTED = "mcpadapt 0.1 (0.1.19 tested), smolagents 1.x (1.26 tested)"


def session_of(adapt: Any) -> Any:
    sessions = getattr(adapt, "sessions", None)
    if not isinstance(sessions, list):
        raise UnsupportedTarget(f"mcpadapt {type(adapt).__name__}: no sessions list, where "
                                f"{SUPPORTED} keeps them",
                                hint="use a supported mcpadapt version")
    if len(sessions) != 1:
        raise UnsupportedTarget(
            f"mcpadapt {type(adapt).__name__}: {len(sessions)} sessions"
            + (" (not started)" if not sessions else ": a lock pins one server"),
            hint="protect inside `with MCPAdapt(...)`, one MCPAdapt (or MCPClient) per server")
    return sessions[0]


def session_loop(adapt: Any) -> asyncio.AbstractEventLoop | None:
    """The loop of the thread a synchronous ``MCPAdapt`` runs its sessions on (``None`` for
    one entered with ``async with``: its sessions are the caller's loop's)."""
    thread = getattr(adapt, "thread", None)
    loop = getattr(adapt, "loop", None)
    running = thread is not None and thread.is_alive()
    return loop if running and isinstance(loop, asyncio.AbstractEventLoop) else None


def adapt_of(client: Any) -> Any:
    adapt = getattr(client, "_adapter", None)
    if _ADAPT not in mro_names(adapt):
        raise UnsupportedTarget(f"smolagents {type(client).__name__}: no MCPAdapt in _adapter, "
                                f"where {SUPPORTED} keeps it",
                                hint="use a supported smolagents version")
    return adapt


ADAPT = TargetKind(
    name="mcpadapt", describes=f"an mcpadapt MCPAdapt of one server ({SUPPORTED})",
    detect=lambda target: _ADAPT in mro_names(target), session_of=session_of,
    session_loop=session_loop)

def _listing_again(client: Any, protection: Any) -> None:
    # smolagents lists when it connects, before protect, and keeps that list: from now on
    # its get_tools() lists again, through the interception, so it shows verified tools only
    if getattr(client, MARK, None) is None:
        adapt = adapt_of(client)

        @functools.wraps(client.get_tools)
        def get_tools() -> Any:
            return adapt.tools()

        client.get_tools = get_tools
    setattr(client, MARK, protection)


SMOLAGENTS = TargetKind(
    name="smolagents-client", describes=f"a smolagents MCPClient of one server ({SUPPORTED})",
    detect=lambda target: _SMOLAGENTS in mro_names(target),
    session_of=lambda client: session_of(adapt_of(client)),
    session_loop=lambda client: session_loop(adapt_of(client)), after_protect=_listing_again)
