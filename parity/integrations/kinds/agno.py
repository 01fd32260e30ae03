"""Agno: ``MCPTools`` keeps its connection in its public ``session``, a fastmcp ``Client`` it
opened (verified as the ``fastmcp-client`` kind verifies one) or an ``mcp`` ``ClientSession``
the caller gave it. It lists when it connects and registers a function per tool in its
public ``functions``: once verified, ``protect`` has it register them again through the
interception (``build_tools``), so an agent is given verified tools only.

With ``refresh_connection=True`` or a ``header_provider``, it opens sessions of its own for
an agent's runs, listing through them before anything of parity's could verify them:
refused, saying so.
"""

from __future__ import annotations

from typing import Any

from parity.integrations.kinds import fastmcp
from parity.integrations.kinds._base import TargetKind, UnsupportedTarget, mro_names

_TOOLS = "agno.tools.mcp.mcp.MCPTools"
_FASTMCP = "fastmcp.client.client.Client"
#: the versions whose ``MCPTools`` keeps its connection where this kind looks
SUPPORTED = "agno 3.x (3.1 tested)"


def _fastmcp_client(tools: Any) -> Any:
    session = tools.session
    return session if _FASTMCP in mro_names(session) else None


def session_of(tools: Any) -> Any:
    name = f"agno {type(tools).__name__}"
    if not hasattr(tools, "session") or not hasattr(tools, "build_tools"):
        raise UnsupportedTarget(f"{name}: no session, where {SUPPORTED} keeps it",
                                hint="use a supported agno version")
    for setting in ("refresh_connection", "header_provider"):
        if getattr(tools, setting, None):
            raise UnsupportedTarget(
                f"{name}: {setting} opens sessions of its own for an agent's runs, listing "
                "through them before parity could verify them",
                hint=f"leave {setting} out for a server parity protects")
    if tools.session is None:
        raise UnsupportedTarget(f"{name}: not connected, so there is no session to protect",
                                hint="call parity.protect inside `async with MCPTools(...):` "
                                     "(or after `await tools.connect()`)")
    client = _fastmcp_client(tools)
    return fastmcp.session_of(client) if client is not None else tools.session


def after_protect(tools: Any, protection: Any) -> None:
    client = _fastmcp_client(tools)
    if client is not None:  # (a reconnect of its client fails loudly, as fastmcp's kind does)
        fastmcp.after_protect(client, protection)


async def relist(tools: Any) -> None:
    # it registers a function per listed tool and never drops one: registered again, from
    # a listing through the interception
    tools.functions.clear()
    await tools.build_tools()


TOOLS = TargetKind(
    name="agno-tools", describes=f"an agno MCPTools ({SUPPORTED})",
    detect=lambda target: _TOOLS in mro_names(target), session_of=session_of,
    after_protect=after_protect, relist=relist)
