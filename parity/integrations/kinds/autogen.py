"""AutoGen (``autogen-ext`` 0.7, mcp 1.x): ``McpWorkbench``, what an ``AssistantAgent`` is
given (``workbench=``). (The tools of ``mcp_server_tools(params, session=session)`` call
through the session they are given: protect that session, the ``mcp-session`` kind.)

The workbench keeps its session only as a local of its actor's task (its private ``_actor``,
checked): every listing and call is a command to that task, which hands back the session's
call unawaited, for the workbench to await. So the session is taken from the call the actor
hands back for a listing (closed unawaited: nothing is sent), and verified there. The actor
keeps the ``initialize`` result, so the lock's identity check reads the server's
``serverInfo`` (which a 1.x session does not keep).

``stop()`` then ``start()`` gives the workbench a new actor and a new session, and its
``list_tools`` and ``call_tool`` start one themselves when it has none. ``start``,
``list_tools`` and ``call_tool`` are wrapped on the instance: each new actor's session is
verified against the lock, with the same options, before anything is listed or called through
it (``Protection.also``); a refused one stops the workbench and raises.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from typing import Any

from parity.integrations.kinds._base import TargetKind, UnsupportedTarget, mro_names
from parity.integrations.kinds._checks import SessionVerdicts, marked_first, replace_once

_WORKBENCH = "autogen_ext.tools.mcp._workbench.McpWorkbench"
_SESSION = "mcp.client.session.ClientSession"
#: the versions whose workbench keeps its session where this kind looks
SUPPORTED = "autogen-ext 0.7 (0.7.5 tested)"
#: on the instance: its own methods, kept where ``replace_once`` put them
ORIGINALS = {"start": "__parity_start__", "list_tools": "__parity_list_tools__",
             "call_tool": "__parity_call_tool__"}
#: on an actor: its session, once found
_FOUND = "__parity_session__"
_MISSING = object()


def _unsupported(what: str) -> UnsupportedTarget:
    return UnsupportedTarget(f"autogen McpWorkbench: {what}, where {SUPPORTED} keeps its "
                             "session", hint="use a supported autogen-ext version, or give "
                             "mcp_server_tools(params, session=session) a session you protect")


def _actor(workbench: Any) -> Any:
    actor = getattr(workbench, "_actor", _MISSING)
    if actor is _MISSING:
        raise _unsupported("no _actor")
    if actor is None:
        raise UnsupportedTarget("autogen McpWorkbench: not started, so there is no session to "
                                "protect", hint="call parity.protect inside `async with "
                                "workbench:` (or after `await workbench.start()`)")
    return actor


async def session_of_actor(actor: Any) -> Any:
    """The ``ClientSession`` the workbench's actor runs its commands on."""
    found = getattr(actor, _FOUND, None)
    if found is not None:
        return found
    if not callable(getattr(actor, "call", None)):
        raise _unsupported("an actor without call()")
    handed = await actor.call("list_tools", None)  # the actor's session.list_tools(), unawaited
    frame = getattr(handed, "cr_frame", None)
    session = frame.f_locals.get("self") if frame is not None else None
    if inspect.iscoroutine(handed):
        handed.close()  # never awaited: nothing was sent
    if session is None or _SESSION not in mro_names(session):
        raise _unsupported("an actor that does not hand back its session's calls")
    setattr(actor, _FOUND, session)
    return session


def session_of(workbench: Any) -> Any:
    raise UnsupportedTarget("autogen McpWorkbench: its session is reached through its actor",
                            hint="use `await parity.protect(workbench, LOCK)`, which reaches it")


@contextlib.asynccontextmanager
async def session_scope(workbench: Any) -> AsyncIterator[Any]:
    # (the session stays open after the scope: the actor holds it)
    yield await session_of_actor(_actor(workbench))


def server_info(workbench: Any, session: Any) -> Mapping[str, Any] | None:
    """The ``serverInfo`` its actor kept from ``initialize`` (a 1.x session keeps none), for
    the actor whose session this is."""
    actor = getattr(workbench, "_actor", None)
    if actor is None or getattr(actor, _FOUND, None) is not session:
        return None
    info: Any = getattr(getattr(actor, "initialize_result", None), "serverInfo", None)
    dumped = info.model_dump(exclude_none=True) if hasattr(info, "model_dump") else None
    return dumped if isinstance(dumped, dict) else None


def after_protect(workbench: Any, protection: Any) -> None:
    if marked_first(workbench, protection):
        _verify_later_sessions(workbench)


def _verify_later_sessions(workbench: Any) -> None:
    verdicts = SessionVerdicts(workbench, "autogen", "stop the workbench, start it and protect "
                               "it again")

    async def verified() -> None:
        actor = workbench._actor
        if actor is not None:
            await verdicts.verify(await session_of_actor(actor))

    def starting(original: Callable[[], Awaitable[None]]) -> Callable[[], Awaitable[None]]:
        @functools.wraps(original)
        async def start() -> None:
            await original()
            try:
                await verified()
            except BaseException:
                await workbench.stop()  # (as it stands when it cannot start)
                raise
        return start

    def using(original: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        @functools.wraps(original)
        async def through_verified(*args: Any, **kwargs: Any) -> Any:
            if workbench._actor is None:  # (it would start one itself: started here, verified)
                await workbench.start()
            await verified()
            return await original(*args, **kwargs)
        return through_verified

    for name, wrap in (("start", starting), ("list_tools", using), ("call_tool", using)):
        replace_once(workbench, name, ORIGINALS[name], wrap)


WORKBENCH = TargetKind(
    name="autogen-workbench", describes=f"an autogen McpWorkbench ({SUPPORTED})",
    detect=lambda target: _WORKBENCH in mro_names(target), session_of=session_of,
    session_scope=session_scope, server_info=server_info, after_protect=after_protect)
