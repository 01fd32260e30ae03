"""Listings a client serves from its response cache never reach the session parity
intercepts: the 2.x ``Client`` (and fastmcp's, which uses the SDK's cache) answers
``tools/list`` from memory within a server's ``ttlMs`` (SEP-2549: any server turns it on by
sending the hint), so a tool parity withheld, or every tool of a refused server, was listed
to the model from the copy cached before ``protect``. ``uncache_listings`` makes such a
client's cache pass ``tools/list`` through: every listing reaches the session, and is
filtered there."""

from __future__ import annotations

from typing import Any

#: the SDK's response cache (``mcp.client.caching``), recognized without importing it
_CACHE = "mcp.client.caching.ClientResponseCache"
_TOOLS_LIST = "tools/list"


class ListingsUncached:
    """A client's response cache that neither serves nor keeps ``tools/list``; every other
    method as the cache itself does (its evictions still reach it)."""

    def __init__(self, cache: Any) -> None:
        self.cache = cache

    def __getattr__(self, name: str) -> Any:
        return getattr(self.cache, name)

    async def read(self, method: str, params_key: str) -> Any:
        if method == _TOOLS_LIST:
            return None
        return await self.cache.read(method, params_key)

    async def write(self, method: str, *args: Any, **kwargs: Any) -> Any:
        if method == _TOOLS_LIST:
            return None
        return await self.cache.write(method, *args, **kwargs)


def uncache_listings(client: Any) -> None:
    """Make ``client`` (an ``mcp`` or fastmcp ``Client``) list tools through its session,
    never from its response cache; anything else, or a client without a cache, is left as
    it is."""
    cache = vars(client).get("_response_cache") if hasattr(client, "__dict__") else None
    if cache is None or isinstance(cache, ListingsUncached):
        return
    if _CACHE not in {f"{c.__module__}.{c.__qualname__}" for c in type(cache).__mro__}:
        return
    client._response_cache = ListingsUncached(cache)  # (private: the one place both keep it)


__all__ = ["ListingsUncached", "uncache_listings"]
