"""llama-index: ``BasicMCPClient`` (llama-index-tools-mcp, which ``McpToolSpec`` and its
``FunctionTool``s call) opens a new ``mcp`` session for every listing and every call (over
stdio, a new server process) through its ``_run_session()``. So ``protect`` verifies one
session opened that way, and ``_run_session`` is wrapped on the instance: every session it
opens afterwards is verified against the lock, with the same options, before the client lists
or calls anything through it (``Protection.also``). A session that fails raises its refusal
from the listing or the call (an agent's tool call then fails with it).

One private method is used, checked: ``_run_session``, refused with the supported versions
when missing.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

from parity.integrations.groups import own_errors
from parity.integrations.kinds._base import TargetKind, UnsupportedTarget, mro_names
from parity.integrations.kinds._checks import MARK, own_method, replace_once, verify_later

_CLIENT = "llama_index.tools.mcp.client.BasicMCPClient"
#: the versions whose ``BasicMCPClient`` opens its sessions where this kind looks
SUPPORTED = "llama-index-tools-mcp 0.6 (0.6.0 tested)"
#: on the client: its own ``_run_session``, which ``protect`` opens its session with
ORIGINAL = "__parity_run_session__"


def _opener(client: Any) -> Callable[[], AbstractAsyncContextManager[Any]]:
    opener = own_method(client, "_run_session", ORIGINAL)
    if opener is None:
        raise UnsupportedTarget(f"llama-index {type(client).__name__}: no _run_session(), "
                                f"where {SUPPORTED} opens its sessions",
                                hint="use a supported llama-index-tools-mcp version")
    return opener  # type: ignore[no-any-return]


def session_of(client: Any) -> Any:
    raise UnsupportedTarget(f"llama-index {type(client).__name__} opens a session per call",
                            hint="use `await parity.protect(client, LOCK)`, which opens one")


def session_scope(client: Any) -> AbstractAsyncContextManager[Any]:
    """One session of the client's, opened as its calls open theirs (closed after)."""
    return _opener(client)()


def after_protect(client: Any, protection: Any) -> None:
    _opener(client)  # (checked: refused with the supported versions when missing)
    setattr(client, MARK, protection)
    replace_once(client, "_run_session", ORIGINAL, lambda opener: _verifying(client, opener))


def _verifying(client: Any, opener: Callable[[], AbstractAsyncContextManager[Any]],
               ) -> Callable[[], AbstractAsyncContextManager[Any]]:
    @contextlib.asynccontextmanager
    async def run_session() -> AsyncIterator[Any]:
        with own_errors():  # a refusal reaches the caller as itself, not in the transport's group
            async with opener() as session:
                current = getattr(client, MARK)
                if session is not current.session:
                    await verify_later(current, session)
                yield session

    return run_session


CLIENT = TargetKind(
    name="llama-index-client", describes=f"a llama-index BasicMCPClient ({SUPPORTED})",
    detect=lambda target: _CLIENT in mro_names(target), session_of=session_of,
    session_scope=session_scope, after_protect=after_protect)
