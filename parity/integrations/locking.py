"""``lock_tools(target, path)``: the lock of a framework's server, written from the agent's
own session, so the lock and ``protect``'s check see the same listing (the same client
capabilities)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from parity.integrations.kinds import on_session_loop, opened, server_info_of
from parity.mcp import wrap_session
from parity.pinning.lock import Lock, from_listing, write


async def lock_tools(target: Any, path: str | os.PathLike[str], *, name: str | None = None,
                     server_info: Mapping[str, Any] | None = None,
                     server: str | None = None) -> Lock:
    """Write the lock of ``target``'s server from the agent's own session, so the lock and
    the check see the same listing (the same client capabilities). Returns the ``Lock``.

    ``target``: as for ``protect``; ``name``: the server's name in the lock (default: the
    name it reports, else ``server``); ``server``: as for ``protect``."""
    async with opened(target, server) as (kind, target, session):
        listing = await on_session_loop(kind, target, wrap_session(
            session, server_info=server_info_of(kind, target, session, server_info),
        ).list_tools_raw)
    reported = (getattr(listing, "server_info", None) or {}).get("name")
    lock = from_listing(name or (reported if isinstance(reported, str) and reported
                                 else "server"), listing)
    write(lock, path)
    return lock


__all__ = ["lock_tools"]
