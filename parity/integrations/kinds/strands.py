"""strands-agents: ``MCPClient`` runs its ``mcp`` session on an event loop of its own, in a
background thread, from ``start()`` (or ``with client:``) to ``stop()``; every listing and
call is handed to that loop. So ``protect`` verifies the session there (``session_loop``),
and ``start`` is wrapped on the instance: a session opened by a later ``start()`` is verified
against the lock, with the same options, before ``start`` returns (a refused one stops the
client and raises).

Two private attributes are used, checked: ``_background_thread_session`` and
``_background_thread_event_loop``, refused with the supported versions when missing.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from typing import Any

from parity.integrations.kinds._base import TargetKind, UnsupportedTarget, mro_names
from parity.integrations.kinds._checks import MARK, marked_first, verify_later

_CLIENT = "strands.tools.mcp.mcp_client.MCPClient"
#: the versions whose ``MCPClient`` keeps its session and loop where this kind looks
SUPPORTED = "strands-agents 1.x (1.62 tested)"


def _private(client: Any, name: str) -> Any:
    if not hasattr(client, name):
        raise UnsupportedTarget(f"strands {type(client).__name__}: no {name}, where "
                                f"{SUPPORTED} keeps its session",
                                hint="use a supported strands-agents version")
    return getattr(client, name)


def session_of(client: Any) -> Any:
    session = _private(client, "_background_thread_session")
    if session is None:
        raise UnsupportedTarget(f"strands {type(client).__name__}: not started",
                                hint="call parity.protect inside `with client:` (or after "
                                     "`client.start()`)")
    return session


def session_loop(client: Any) -> asyncio.AbstractEventLoop:
    """The loop the client's session lives on (its background thread's)."""
    loop: asyncio.AbstractEventLoop | None = _private(client, "_background_thread_event_loop")
    if loop is None:
        raise UnsupportedTarget(f"strands {type(client).__name__}: not started",
                                hint="call parity.protect inside `with client:`")
    return loop


def after_protect(client: Any, protection: Any) -> None:
    if marked_first(client, protection):
        client.start = _verifying_start(client, client.start)


def _verifying_start(client: Any, start: Callable[[], Any]) -> Callable[[], Any]:
    @functools.wraps(start)
    def verified_start() -> Any:
        started = start()
        session = session_of(client)
        protection = getattr(client, MARK)
        if session is not protection.session:
            verdict = asyncio.run_coroutine_threadsafe(verify_later(protection, session),
                                                       session_loop(client))
            try:
                verdict.result()
            except BaseException:
                client.stop(None, None, None)  # (as strands stops a client it cannot start)
                raise
        return started

    return verified_start


CLIENT = TargetKind(
    name="strands-client", describes=f"a strands-agents MCPClient ({SUPPORTED})",
    detect=lambda target: _CLIENT in mro_names(target), session_of=session_of,
    session_loop=session_loop, after_protect=after_protect)
