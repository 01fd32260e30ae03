"""openai-agents: ``MCPServerStdio``, ``MCPServerStreamableHttp``, ``MCPServerSse`` keep the
SDK session in their public ``session`` attribute once ``connect()``ed (or entered).
``list_tools``/``call_tool`` are wrapped so a call after a reconnect fails loudly."""

from __future__ import annotations

from typing import Any

from parity.integrations.kinds._base import TargetKind, UnsupportedTarget, module_of
from parity.integrations.kinds._checks import pin_session


def detect(target: Any) -> bool:
    return module_of(target) == "agents" and hasattr(target, "session") and \
        hasattr(target, "call_tool")


def session_of(server: Any) -> Any:
    session = getattr(server, "session", None)
    if session is None:
        raise UnsupportedTarget(f"openai-agents {type(server).__name__}: not connected",
                                hint="call parity.protect after `await server.connect()` or "
                                     "inside `async with server:`")
    return session


def after_protect(server: Any, protection: Any) -> None:
    # a listing it cached before (``cache_tools_list``) would be offered unverified: listed
    # again, through the interception (first with the closed one: a refused server, none)
    invalidate = getattr(server, "invalidate_tools_cache", None)
    if callable(invalidate):
        invalidate()
    pin_session(server, ("call_tool", "list_tools"), session_of, protection,
                f"openai-agents {type(server).__name__}")


SERVER = TargetKind(
    name="openai-agents-server", describes="an openai-agents MCP server (MCPServerStdio...)",
    detect=detect, session_of=session_of, after_protect=after_protect)
