"""Live servers listed side by side.

Listing a server out of process (``stdio``, ``url``) is mostly waiting: for its process to
import its SDK and start (a second or two for a Python server), then for its answers. Started
together (``parity.mcp.fetching``: one event loop in a thread of its own), several servers
boot at once, and meanwhile parity goes on with its own work (importing the agent's stubs).
Results are still taken in the caller's order, so output stays the same; an interruption
cancels the listings still running and stops their servers.
"""

from __future__ import annotations

import os

#: server kinds that run in a process of their own (``object`` runs inside parity's)
OUT_OF_PROCESS = frozenset({"stdio", "url"})


def at_once(listings: int) -> int:
    """How many of ``listings`` run at a time: one per processor at most, so that servers
    booting together stay within their ``start_timeout``."""
    return max(1, min(listings, os.cpu_count() or 1))
