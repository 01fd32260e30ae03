"""Every listing a framework receives through a protected session, held against the verdict.

A server may change a tool's definition mid-session without announcing it (no
``tools/list_changed``): a "rug pull", a poisoned description or a loosened schema handed to
the framework as if verified. So each tool the framework is about to be shown is compared
with the definition parity verified, both read by the framework's own SDK model (what the
SDK adds or drops is the same on both sides): one ``orjson`` dump and one SHA-256 per tool
(the lock's listed digest), the verified side computed once per verification.

A tool that differs, or that parity has not verified, sends the pinned client back to the
server (``refresh``): the lock's own comparison then decides, by the mode, exactly as at
connect time, and explains the change by field path (the ``parity.runtime.client`` warning,
``Protection.unavailable``). If the framework's copy still differs from what the server
now lists to parity (it answered the two differently), the framework's copy is verified in
place of parity's. Only tools verified as listed are shown.
"""

from __future__ import annotations

from typing import Any

from parity.mcp.intercept import ListedTools
from parity.pinning.tool import listed_digest_of
from parity.runtime.client import PinnedClient


class ListingCheck:
    """Which tools of a framework's listing are the ones ``pinned`` verified."""

    def __init__(self, pinned: PinnedClient) -> None:
        self.pinned = pinned
        #: the verified tools' digests, in the framework's form, for one verification
        self._digests: dict[str, str | None] = {}
        self._for: tuple[int, Any] = (-1, None)

    def _verified(self, name: str, listed: ListedTools) -> str | None:
        key = (self.pinned.verifications, listed.model)
        if key != self._for:  # a new verdict, or another SDK model: digest again
            self._digests, self._for = {}, key
        if name not in self._digests:
            definition = self.pinned.tools.get(name)
            form = listed.render(definition) if definition is not None else None
            self._digests[name] = listed_digest_of(form) if form is not None else None
        return self._digests[name]

    def unverified(self, listed: ListedTools) -> list[dict[str, Any]]:
        """The listed definitions parity did not verify as they are: changed, or unknown and
        not already withheld."""
        out = []
        for name, definition in listed.tools:
            if name in self.pinned.unavailable and name not in self.pinned.tools:
                continue  # already withheld: hidden, nothing new to verify
            mine = self._verified(name, listed)
            if mine is None or listed_digest_of(definition) != mine:
                out.append(definition)
        return out

    def shown(self, listed: ListedTools, unverified: list[dict[str, Any]]) -> list[str]:
        """The names whose every listed definition is the verified one."""
        bad = {str(d.get("name")) for d in unverified}
        return [name for name, _ in listed.tools
                if name in self.pinned.tools and name not in bad]

    async def visible(self, listed: ListedTools) -> list[str]:
        """Verify what the framework is about to be shown; the names it may see."""
        if self.pinned.stale:  # the server announced a change: list only re-verified tools
            await self.pinned.refresh()
        unverified = self.unverified(listed)
        if unverified:  # changed without a word: verify again, as at connect time
            await self.pinned.refresh()
            unverified = self.unverified(listed)
            if unverified:  # the server answered parity otherwise: judge what the framework saw
                await self.pinned.refresh(seen=unverified)
                unverified = self.unverified(listed)
        return self.shown(listed, unverified)


__all__ = ["ListingCheck"]
