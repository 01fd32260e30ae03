"""Shared by the kinds: a framework object that may open a new session later (reconnect,
re-enter) gets its public entry points wrapped, so a call through a session parity never
verified fails loudly instead of going out unguarded; a framework that opens its sessions
itself (google-adk, llama-index) has each verified before it is used (``verify_later``)."""

from __future__ import annotations

import asyncio
import functools
import weakref
from collections.abc import Callable, Iterable
from typing import Any

from parity.integrations.kinds._base import UnsupportedTarget
from parity.mcp.intercept import intercept

#: attribute holding the protection on a target whose entry points are wrapped
MARK = "__parity_protection__"


def current_or_none(session_of: Callable[[Any], Any], target: Any) -> Any:
    try:
        return session_of(target)
    except Exception:  # not connected (any more): no session
        return None


def marked_first(target: Any, protection: Any) -> bool:
    """Hold ``protection`` on ``target`` (``MARK``, which its wrappers read); whether it is
    the first, so the wrappers are made once."""
    first = getattr(target, MARK, None) is None
    setattr(target, MARK, protection)
    return first


def pin_session(target: Any, methods: Iterable[str], session_of: Callable[[Any], Any],
                protection: Any, framework: str) -> None:
    """Wrap ``methods`` of ``target`` (on the instance) to refuse, with a clear message, a
    call made once the framework holds another session than the protected one."""
    first = getattr(target, MARK, None) is None
    try:
        setattr(target, MARK, protection)
    except AttributeError:  # a slotted or frozen object: the session interception still holds
        return
    if not first:
        return
    for name in methods:
        original = getattr(target, name, None)
        if not callable(original):
            continue

        def wrap(method: Callable[..., Any], label: str) -> Callable[..., Any]:
            @functools.wraps(method)
            async def checked(*args: Any, **kw: Any) -> Any:
                session = current_or_none(session_of, target)
                if session is not getattr(target, MARK).session:
                    raise UnsupportedTarget(
                        f"{framework}: {label} would go through a session parity did not "
                        "verify (the connection was closed or re-opened after "
                        "parity.protect)",
                        hint="call parity.protect again on every new connection, inside the "
                             "`async with` that holds it")
                return await method(*args, **kw)
            return checked

        setattr(target, name, wrap(original, name))


async def verify_later(protection: Any, session: Any) -> None:
    """Verify and guard ``session``, which the framework opened after ``protect``, as
    ``protection`` was (``Protection.also``: raises as ``protect`` does, the session then
    closed); after a ``protect`` that raised (``protection`` is its ``Closed``), close it."""
    also = getattr(protection, "also", None)
    if also is None:
        intercept(session, protection)
        return
    await also(session)


def own_method(target: Any, name: str, saved: str) -> Any:
    """``target``'s own ``name`` method: the one ``replace_once`` kept under ``saved``, else
    the current one; ``None`` where neither is callable."""
    method = getattr(target, saved, None) or getattr(target, name, None)
    return method if callable(method) else None


def replace_once(target: Any, name: str, saved: str,
                 wrap: Callable[[Any], Any]) -> bool:
    """Replace ``target.name`` on the instance by ``wrap(original)``, the first time only
    (whether it did): the original stays under ``saved``, where the kind opens its own
    sessions with it."""
    if getattr(target, saved, None) is not None:
        return False
    original = getattr(target, name)
    setattr(target, saved, original)
    setattr(target, name, wrap(original))
    return True


class SessionVerdicts:
    """Each later session's verification under the current protection (``holder``'s
    ``MARK``), run once and shared by the callers that ask for the session while it runs; a
    new ``protect`` verifies the sessions anew. ``framework`` names the framework, and
    ``closing`` the way out, in the refusal of a session whose verification was
    interrupted."""

    def __init__(self, holder: Any, framework: str, closing: str) -> None:
        self.holder = holder
        self.framework = framework
        self.closing = closing
        self.verdicts: weakref.WeakKeyDictionary[Any, tuple[Any, asyncio.Future[None]]] = \
            weakref.WeakKeyDictionary()

    async def verify(self, session: Any) -> None:
        """Return once ``session`` is verified (at once for the protected one); raise as
        ``protect`` does, again for every later caller, if it was refused."""
        protection = getattr(self.holder, MARK)
        if session is protection.session:
            return
        under, verdict = self.verdicts.get(session, (None, None))
        # (a session verified while a ``Deferred`` waited for its first is under that first)
        if verdict is not None and (under is protection
                                    or getattr(under, "first", None) is protection):
            await asyncio.shield(verdict)
            return
        verdict = asyncio.get_running_loop().create_future()
        self.verdicts[session] = (protection, verdict)
        try:
            await verify_later(protection, session)
        except BaseException as exc:
            # every later caller is refused alike (a cancelled verification left the
            # session closed: it says so rather than cancel them)
            verdict.set_exception(exc if isinstance(exc, Exception) else UnsupportedTarget(
                f"{self.framework}: parity's verification of this session was interrupted",
                hint=f"the session stays closed: {self.closing}"))
            verdict.exception()  # (retrieved: asyncio logs none as lost)
            raise
        verdict.set_result(None)
