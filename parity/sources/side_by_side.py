"""Live servers listed side by side.

Listing a server out of process (``stdio``, ``url``) is mostly waiting: for its process to
import its SDK and start (a second or two for a Python server), then for its answers. Run in
threads, several servers boot at once, and while they do parity goes on with its own work
(importing the agent's stubs). Results are still taken in the caller's order, so output
stays the same. At most one listing per processor runs at a time, so that servers booting
together stay within their ``start_timeout``.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

#: server kinds that run in a process of their own (``object`` runs inside parity's)
OUT_OF_PROCESS = frozenset({"stdio", "url"})


def pool(listings: int) -> ThreadPoolExecutor | None:
    """Threads for ``listings`` listings at once, one per processor at most; ``None`` for
    none. Shut it down with ``wait=False, cancel_futures=True``: a listing nobody waits for
    (an interrupted run) ends within its own timeouts."""
    if listings < 1:
        return None
    return ThreadPoolExecutor(max_workers=min(listings, os.cpu_count() or 1),
                              thread_name_prefix="parity-list")
