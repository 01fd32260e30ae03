"""The MCP seam: the only package that imports ``mcp``, for both SDK generations (1.x, 2.x).

Its public API, re-exported here (import from ``parity.mcp``):

* ``spec``: ``ServerSpec`` (how to reach one server), ``Listing``, ``CallFailure``;
* ``session``: ``open_session`` / ``AdapterSession`` (parity's own raw JSON-RPC session),
  ``fetch_tools`` (every tool of a live server, synchronously; ``list_tools`` in an event
  loop) and ``fetching`` (several servers listed side by side);
* ``sdk_session``: ``wrap_session``, ``message_handler``, ``ListChangedHandler`` for the
  agent's own SDK session;
* ``servers``: ``new_server``, ``listing_server``, ``run_stdio``, ``run_http``,
  ``lowlevel_server`` to write MCP servers once for both generations (tests and the
  bundled example);
* ``sdk``: ``SDK_MAJOR``.

Below them: ``connection`` (request/response matching, notifications, pagination) and
``transports`` (stdio, streamable HTTP, in-process). The seam imports only ``parity.core`` and
``parity.errors``; the ``mcp`` SDK itself is imported only inside functions, so importing
this package stays cheap.
"""

from __future__ import annotations

from parity.mcp.sdk import SDK_MAJOR
from parity.mcp.sdk_session import ListChangedHandler, SdkSession, message_handler, wrap_session
from parity.mcp.servers import listing_server, lowlevel_server, new_server, run_http, run_stdio
from parity.mcp.session import (
    AdapterSession,
    fetch_tools,
    fetching,
    list_tools,
    open_session,
    with_stderr_tail,
)
from parity.mcp.spec import FAILURE_KINDS, CallFailure, Listing, ServerSpec

__all__ = [
    "FAILURE_KINDS",
    "SDK_MAJOR",
    "AdapterSession",
    "CallFailure",
    "ListChangedHandler",
    "Listing",
    "SdkSession",
    "ServerSpec",
    "fetch_tools",
    "fetching",
    "list_tools",
    "listing_server",
    "lowlevel_server",
    "message_handler",
    "new_server",
    "open_session",
    "run_http",
    "run_stdio",
    "with_stderr_tail",
    "wrap_session",
]
