"""The ``mcp`` SDK's own objects: a ``ClientSession`` (1.x or 2.x; langchain-mcp-adapters
loads tools from one: ``load_mcp_tools(session)``, ``MultiServerMCPClient.session(name)``)
and the 2.x ``Client`` (its public ``session``; its response cache made to pass
``tools/list`` through: ``parity.mcp.uncached``)."""

from __future__ import annotations

from typing import Any

from parity.integrations.kinds._base import TargetKind, UnsupportedTarget, mro_names
from parity.mcp.uncached import uncache_listings

_SESSION = "mcp.client.session.ClientSession"
_CLIENT = "mcp.client.client.Client"


def _session(target: Any) -> Any:
    return target


def _client_session(target: Any) -> Any:
    try:
        return target.session
    except RuntimeError as exc:
        raise UnsupportedTarget("mcp Client: not connected, so there is no session to protect",
                                hint="call parity.protect inside `async with client:`") from exc


SESSION = TargetKind(
    name="mcp-session", describes="an mcp ClientSession (1.x or 2.x)",
    detect=lambda target: _SESSION in mro_names(target), session_of=_session)

CLIENT = TargetKind(
    name="mcp-client", describes="an mcp Client (2.x)",
    detect=lambda target: _CLIENT in mro_names(target), session_of=_client_session,
    # (its listings served from its response cache would skip the interception)
    after_protect=lambda client, protection: uncache_listings(client))
