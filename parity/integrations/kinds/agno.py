"""Agno: ``MCPTools`` keeps its connection in its public ``session``, a fastmcp ``Client`` it
opened or an ``mcp`` ``ClientSession`` the caller gave it. It lists when it connects and
registers a function per tool in its public ``functions``: once verified, ``protect`` has it
register them again through the interception (``build_tools``), so an agent is given
verified tools only.

It opens sessions of its own afterwards: a reconnect (``refresh_connection=True``, when the
connection died: ``connect(force=True)``, then ``build_tools``), and, with a
``header_provider``, one per run (``get_session_for_run``, or a session for one call,
``get_temporary_session_for_run``). Those three public methods are wrapped on the instance:
each new session is verified against the lock, with the same options, before agno lists or
calls anything through it (``Protection.also``), and a refused one raises its refusal again
each time agno asks for it.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from parity.integrations.kinds import fastmcp
from parity.integrations.kinds._base import TargetKind, UnsupportedTarget, mro_names
from parity.integrations.kinds._checks import SessionVerdicts, marked_first, replace_once
from parity.mcp.uncached import uncache_listings

_TOOLS = "agno.tools.mcp.mcp.MCPTools"
_FASTMCP = "fastmcp.client.client.Client"
#: the versions whose ``MCPTools`` keeps its connection where this kind looks
SUPPORTED = "agno 3.x (3.1 tested)"
#: on the instance: its own methods, kept where ``replace_once`` put them
ORIGINALS = {"build_tools": "__parity_build_tools__",
             "get_session_for_run": "__parity_get_session_for_run__",
             "get_temporary_session_for_run": "__parity_get_temporary_session_for_run__"}


def mcp_session(session: Any) -> Any:
    """The ``mcp`` ``ClientSession`` behind what agno calls a session (a fastmcp ``Client``,
    or a ``ClientSession`` itself)."""
    return fastmcp.session_of(session) if _FASTMCP in mro_names(session) else session


def session_of(tools: Any) -> Any:
    name = f"agno {type(tools).__name__}"
    if not all(hasattr(tools, method) for method in ("session", *ORIGINALS)):
        raise UnsupportedTarget(f"{name}: no session, where {SUPPORTED} keeps it",
                                hint="use a supported agno version")
    if tools.session is None:
        raise UnsupportedTarget(f"{name}: not connected, so there is no session to protect",
                                hint="call parity.protect inside `async with MCPTools(...):` "
                                     "(or after `await tools.connect()`)")
    return mcp_session(tools.session)


def after_protect(tools: Any, protection: Any) -> None:
    # what it registered before: dropped (first with the closed interception, before
    # verifying: a refused MCPTools then offers an agent none; ``relist`` registers the
    # verified ones)
    tools.functions.clear()
    uncache_listings(tools.session)  # (a fastmcp client's cached listing skips parity)
    if marked_first(tools, protection):
        _verify_later_sessions(tools)


def _verify_later_sessions(tools: Any) -> None:
    verdicts = SessionVerdicts(tools, "agno", "close the MCPTools and protect it again")

    async def verify(session: Any) -> Any:
        uncache_listings(session)
        await verdicts.verify(mcp_session(session))
        return session

    def listing(original: Callable[[], Awaitable[None]]) -> Callable[[], Awaitable[None]]:
        @functools.wraps(original)
        async def build_tools() -> None:  # (after a reconnect: its new session, first)
            if tools.session is not None:
                await verify(tools.session)
            await original()
        return build_tools

    def per_run(original: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        @functools.wraps(original)
        async def get_session_for_run(*args: Any, **kwargs: Any) -> Any:
            return await verify(await original(*args, **kwargs))
        return get_session_for_run

    def per_call(original: Callable[..., Any]) -> Callable[..., Any]:
        @contextlib.asynccontextmanager
        async def get_temporary_session_for_run(*args: Any, **kwargs: Any,
                                                ) -> AsyncIterator[Any]:
            async with original(*args, **kwargs) as session:
                yield await verify(session)
        return functools.wraps(original)(get_temporary_session_for_run)

    for name, wrap in (("build_tools", listing), ("get_session_for_run", per_run),
                       ("get_temporary_session_for_run", per_call)):
        replace_once(tools, name, ORIGINALS[name], wrap)


async def relist(tools: Any) -> None:
    # it registers a function per listed tool and never drops one: registered again, from
    # a listing through the interception
    tools.functions.clear()
    await tools.build_tools()


TOOLS = TargetKind(
    name="agno-tools", describes=f"an agno MCPTools ({SUPPORTED})",
    detect=lambda target: _TOOLS in mro_names(target), session_of=session_of,
    after_protect=after_protect, relist=relist)
