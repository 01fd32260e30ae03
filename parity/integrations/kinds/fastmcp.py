"""fastmcp ``Client`` (3.x on ``mcp`` 1.x, 4.x on ``mcp`` 2.x): its public ``session`` is the
SDK ``ClientSession``; ``call_tool_mcp``/``list_tools_mcp`` (which ``call_tool``/``list_tools``
use) are wrapped so a call after a reconnect fails loudly."""

from __future__ import annotations

from typing import Any

from parity.integrations.kinds._base import TargetKind, UnsupportedTarget, mro_names
from parity.integrations.kinds._checks import pin_session
from parity.mcp.uncached import uncache_listings

_CLIENT = "fastmcp.client.client.Client"


def session_of(client: Any) -> Any:
    try:
        return client.session
    except RuntimeError as exc:
        raise UnsupportedTarget("fastmcp Client: not connected, so there is no session to "
                                "protect", hint="call parity.protect inside "
                                "`async with client:`") from exc


def after_protect(client: Any, protection: Any) -> None:
    uncache_listings(client)  # (4.x: the SDK's response cache, which skips the interception)
    pin_session(client, ("call_tool_mcp", "list_tools_mcp"), session_of, protection,
                "fastmcp Client")


CLIENT = TargetKind(
    name="fastmcp-client", describes="a fastmcp Client (3.x, 4.x)",
    detect=lambda target: _CLIENT in mro_names(target), session_of=session_of,
    after_protect=after_protect)
