"""pydantic-ai: the ``MCPToolset`` (1.x and 2.x; public ``client``, a fastmcp ``Client``) and
the 1.x ``MCPServerStdio``/``MCPServerStreamableHTTP``/``MCPServerSSE`` (``MCPServer``), whose
session is only reachable through the private ``_get_client()``: checked, and refused with
the supported versions when missing."""

from __future__ import annotations

from typing import Any

from parity.integrations.kinds import fastmcp as fastmcp_kind
from parity.integrations.kinds._base import TargetKind, UnsupportedTarget, mro_names
from parity.integrations.kinds._checks import pin_session

_TOOLSET = "pydantic_ai.mcp.MCPToolset"
_SERVER = "pydantic_ai.mcp.MCPServer"
#: the versions whose ``MCPServer`` keeps its session behind ``_get_client()``
SUPPORTED = "pydantic-ai 1.x (1.100 to 1.107 tested)"


def toolset_session(toolset: Any) -> Any:
    client = getattr(toolset, "client", None)
    if client is None:
        raise UnsupportedTarget("pydantic-ai MCPToolset without a fastmcp client",
                                hint="give the toolset after `async with toolset:`")
    return fastmcp_kind.session_of(client)


def server_session(server: Any) -> Any:
    get_client = getattr(server, "_get_client", None)
    if not callable(get_client):
        raise UnsupportedTarget(f"pydantic-ai {type(server).__name__}: no _get_client(), where "
                                f"{SUPPORTED} keeps the session",
                                hint="use pydantic_ai.mcp.MCPToolset, or a supported version")
    try:
        return get_client()
    except RuntimeError as exc:
        raise UnsupportedTarget(f"pydantic-ai {type(server).__name__}: not connected",
                                hint="call parity.protect inside `async with server:`") from exc


def _toolset_after(toolset: Any, protection: Any) -> None:
    _drop_cached_tools(toolset)
    fastmcp_kind.after_protect(toolset.client, protection)


def _server_after(server: Any, protection: Any) -> None:
    _drop_cached_tools(server)
    pin_session(server, ("direct_call_tool", "list_tools"), server_session, protection,
                f"pydantic-ai {type(server).__name__}")


def _drop_cached_tools(target: Any) -> None:
    """Drop the listing it cached before ``protect`` (``cache_tools``, the default), which it
    would offer unverified: listed again, through the interception (first with the closed
    one: a refused server, none); a listing in flight is not cached either, as after a
    ``tools/list_changed``."""
    if getattr(target, "_cached_tools", None) is not None:
        target._cached_tools = None
    if isinstance(getattr(target, "_tools_cache_generation", None), int):
        target._tools_cache_generation += 1


TOOLSET = TargetKind(
    name="pydantic-ai-toolset", describes="a pydantic-ai MCPToolset",
    detect=lambda target: _TOOLSET in mro_names(target), session_of=toolset_session,
    after_protect=_toolset_after)

SERVER = TargetKind(
    name="pydantic-ai-server", describes=f"a pydantic-ai MCPServer ({SUPPORTED})",
    detect=lambda target: _SERVER in mro_names(target), session_of=server_session,
    after_protect=_server_after)
