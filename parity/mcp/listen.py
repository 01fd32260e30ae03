"""Change notifications on parity's own 2026-07-28 session: a ``subscriptions/listen``
stream.

From 2026-07-28 a server sends ``notifications/tools/list_changed`` only on a stream the
client opened with ``subscriptions/listen``, naming what it wants: a long-lived request,
acknowledged by ``notifications/subscriptions/acknowledged`` and answered only when the
server ends it. ``Listener`` holds one for the session's connection, and a listing waits
for its acknowledgment (``ready``), so no change can fall between the listing and the
subscription. A stream that drops once acknowledged is opened again (there is no replay,
so the listeners are told of a change: the pinned client re-verifies) up to
``LISTEN_RETRIES`` times in a row, as the agent's own 2.x sessions are watched
(``sdk_session``); one refused before any acknowledgment leaves the tools unwatched, with
a warning. A server whose capabilities do not announce the change (``announced``) is asked
for no stream.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import anyio

from parity.mcp.spec import CallFailure

if TYPE_CHECKING:
    from parity.mcp.connection import Connection

_log = logging.getLogger(__name__)

#: the notifications a listen stream can carry, by the filter key that asks for them
FILTERS = {"notifications/tools/list_changed": "toolsListChanged",
           "notifications/prompts/list_changed": "promptsListChanged",
           "notifications/resources/list_changed": "resourcesListChanged"}
ACKNOWLEDGED = "notifications/subscriptions/acknowledged"
#: drops of a 2026-07-28 listen stream in a row before giving up on it (``sdk_session``'s
#: streams too)
LISTEN_RETRIES = 5
#: seconds a stream must have held for its drop to start the count of drops again
HELD = 30


class Listener:
    """The session's ``subscriptions/listen`` stream, for ``FILTERS[method]``."""

    def __init__(self, conn: Connection, method: str, name: str) -> None:
        self.conn, self.method, self.name = conn, method, name
        #: set once the stream is acknowledged (or could not be opened)
        self.ready = anyio.Event()
        conn.listeners.setdefault(ACKNOWLEDGED, []).append(lambda _params: self.ready.set())

    def start(self) -> None:
        if not self.conn.spawn(self._hold):
            self.ready.set()

    async def wait_ready(self, timeout: float) -> None:
        with anyio.move_on_after(timeout):
            await self.ready.wait()

    async def _hold(self) -> None:
        params = {"notifications": {FILTERS[self.method]: True}}
        losses = 0
        while losses < LISTEN_RETRIES:
            opened = anyio.current_time()
            try:
                await self.conn.request("subscriptions/listen", params, timeout=math.inf)
                return  # the server ended the stream gracefully
            except CallFailure as exc:
                if self.conn.lost is not None:
                    return  # the session is over
                if not self.ready.is_set():  # refused before any acknowledgment
                    self.ready.set()
                    _log.warning("cannot subscribe to %s of %s: %s", self.method, self.name,
                                 exc)
                    return
                if exc.kind == "jsonrpc_error":
                    return  # ended by the server with an error (one stopping)
            self.conn.deliver({"jsonrpc": "2.0", "method": self.method})  # none replayed
            losses = await after_drop(losses, opened)
        self.ready.set()
        _log.warning("gave up re-subscribing to %s of %s after %d drops", self.method,
                     self.name, LISTEN_RETRIES)


async def after_drop(losses: int, opened: float) -> int:
    """The drops in a row, counting the one of a stream opened at ``opened`` (one that held
    ``HELD`` seconds starts the count again), once the backoff before the next attempt has
    passed. The one retry policy of listen streams, here and in ``sdk_session``."""
    losses = 1 if anyio.current_time() - opened > HELD else losses + 1
    await anyio.sleep(0.2 * 2 ** losses)
    return losses


def listened(method: str) -> bool:
    """Whether a 2026-era server can send ``method`` on a listen stream."""
    return method in FILTERS


def announced(method: str, capabilities: Mapping[str, Any]) -> bool:
    """Whether the server's capabilities say it sends ``method`` (``tools.listChanged`` for
    ``notifications/tools/list_changed``...): a stream for one it never sends would wait
    on nothing, and some servers refuse it."""
    feature = method.split("/")[1]  # notifications/<feature>/list_changed
    declared = capabilities.get(feature)
    return isinstance(declared, Mapping) and declared.get("listChanged") is True


__all__ = ["LISTEN_RETRIES", "Listener", "after_drop", "announced", "listened"]
