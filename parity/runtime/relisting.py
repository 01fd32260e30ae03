"""When the pinned client re-lists after ``notifications/tools/list_changed``.

The client marks itself stale at every notification, before anything can await, so no call
goes out on the old verdict; re-listing at once only keeps ``tools`` and ``on_drift``
current. So it is coalesced: one re-listing at a time, and every notification that arrives
while one is pending or running is merged into at most one more listing (a burst of
50,000 is two or three listings, not 50,000).

A server that announces a change after every listing (the notification arrives while the
listing runs or within ``ECHO_WINDOW`` seconds after it: an echo) of an unchanged catalog
would be re-listed forever, at full speed. After ``ECHOES`` such listings in a row the client
stops re-listing at once and stays stale: the next call re-verifies (one listing per call),
and a warning says so, once. A notification after a quiet moment, or a catalog that
changed, starts the count again.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Awaitable
from typing import Any, Protocol, TypeVar

import anyio

from parity.errors import ParityError
from parity.mcp.spec import CallFailure

_log = logging.getLogger("parity.runtime.client")
T = TypeVar("T")
#: the definitions a listing returned
Catalog = list[dict[str, Any]]

#: echoed listings of an unchanged catalog in a row before re-listing waits for a call
ECHOES = 5
#: seconds after a listing within which a change notification counts as its echo
ECHO_WINDOW = 1.0


class Verifying(Protocol):
    """What re-listing needs of the pinned client."""

    stale: bool

    def refresh(self, *, if_stale: bool) -> Awaitable[Any]: ...


class Relisting:
    """One pinned client's re-listings after change notifications."""

    def __init__(self, client: Verifying, server: str) -> None:
        self.client, self.server = client, server
        #: a re-listing is pending or running: a notification now is merged into it
        self.running = False
        #: a listing is in flight, and how many have started
        self.listing, self.listings = False, 0
        self.listed_at = -math.inf
        self.catalog: Catalog | None = None
        #: echoed listings of an unchanged catalog in a row
        self.echoes = 0
        self._echo_of = 0  # the listing whose echo was counted last
        self._warned = False

    def heard(self) -> Awaitable[None] | None:
        """A change notification (the client already marked stale): the re-listing to run,
        or None when one pending or running covers it, or the server echoes every listing
        (the next call re-verifies)."""
        echo = self.listing or anyio.current_time() - self.listed_at < ECHO_WINDOW
        if not echo:
            self.echoes = 0
        elif self._echo_of != self.listings:  # one per listing, however many notifications
            self._echo_of = self.listings
            self.echoes += 1
        if self.running or self._echoing():
            return None
        self.running = True
        return self._relist()

    async def _relist(self) -> None:
        try:
            while self.client.stale and not self._echoing():
                await self.client.refresh(if_stale=True)
        except (CallFailure, ParityError) as exc:  # still stale: the next call tries again
            _log.warning("re-verifying the tools of %r after tools/list_changed failed: %s",
                         self.server, exc)
        finally:
            self.running = False

    def _echoing(self) -> bool:
        if self.echoes < ECHOES:
            return False
        if not self._warned:
            self._warned = True
            _log.warning("server %r announces a tool change after every listing (%d in a "
                         "row, its tools unchanged): its tools are re-verified at the next "
                         "call instead of at once", self.server, self.echoes)
        return True

    async def verifying(self, listing: Awaitable[tuple[T, Catalog]]) -> tuple[T, Catalog]:
        """Await a verification's ``listing``. The client is stale again when a change is
        announced meanwhile, or when the listing fails (the next call tries again)."""
        self.client.stale = False
        self.listing, self.listings = True, self.listings + 1
        catalog: Catalog | None = None
        try:
            verdict, catalog = await listing
        except BaseException:
            self.client.stale = True
            raise
        finally:
            self.listing, self.listed_at = False, anyio.current_time()
            if catalog is not None and catalog != self.catalog:  # a real change: no echo
                self.catalog, self.echoes, self._echo_of = catalog, 0, self.listings
        return verdict, catalog
