"""google-adk: ``McpToolset`` opens its ``mcp`` sessions itself, lazily and more than once:
its session manager keeps one session per set of headers (an ``auth_credential`` or a
``header_provider`` gives each user theirs) and opens a new one when a session dropped or sat
idle too long. So ``protect`` opens the toolset's session the way ``get_tools`` does
(``create_session()``), and the manager's ``create_session`` is wrapped on the instance: every
session it hands out afterwards is verified against the lock, with the same options, before
ADK lists or calls anything through it (``Protection.also``). A session that fails stays
closed and raises its refusal again each time ADK asks for it.

One private attribute is used, checked: the toolset's ``_mcp_session_manager`` (its
``McpTool``s share it), refused with the supported versions when missing.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from parity.integrations.kinds._base import TargetKind, UnsupportedTarget, mro_names
from parity.integrations.kinds._checks import MARK, SessionVerdicts, own_method, replace_once

_TOOLSET = "google.adk.tools.mcp_tool.mcp_toolset.McpToolset"
#: the versions whose ``McpToolset`` keeps its session manager where this kind looks
SUPPORTED = "google-adk 2.x (2.13 tested)"
#: on the manager: its own ``create_session``, which ``protect`` calls to open the session
ORIGINAL = "__parity_create_session__"


def manager_of(toolset: Any) -> Any:
    manager = getattr(toolset, "_mcp_session_manager", None)
    if not callable(getattr(manager, "create_session", None)):
        raise UnsupportedTarget(f"google-adk {type(toolset).__name__}: no session manager "
                                f"where {SUPPORTED} keeps it",
                                hint="use a supported google-adk version")
    return manager


def session_of(toolset: Any) -> Any:
    raise UnsupportedTarget(f"google-adk {type(toolset).__name__} opens its sessions itself",
                            hint="use `await parity.protect(toolset, LOCK)`, which opens it")


@contextlib.asynccontextmanager
async def session_scope(toolset: Any) -> AsyncIterator[Any]:
    """The toolset's session for no extra headers, opened as ``get_tools`` opens it (it stays
    in the toolset's pool after the scope)."""
    yield await own_method(manager_of(toolset), "create_session", ORIGINAL)()


def after_protect(toolset: Any, protection: Any) -> None:
    # the listings it cached before (``tool_list_cache_ttl_seconds``) would be offered
    # unverified: listed again, through the interception (first with the closed one: a
    # refused toolset, none)
    cached = getattr(toolset, "_tool_list_cache", None)
    if isinstance(cached, dict):
        cached.clear()
    manager = manager_of(toolset)
    setattr(manager, MARK, protection)
    replace_once(manager, "create_session", ORIGINAL,
                 lambda original: _verifying(manager, original))


def _verifying(manager: Any, original: Callable[..., Awaitable[Any]],
               ) -> Callable[..., Awaitable[Any]]:
    verdicts = SessionVerdicts(manager, "google-adk",
                               "close the toolset and protect it again")

    @functools.wraps(original)
    async def create_session(*args: Any, **kwargs: Any) -> Any:
        session = await original(*args, **kwargs)
        await verdicts.verify(session)
        return session

    return create_session


TOOLSET = TargetKind(
    name="google-adk-toolset", describes=f"a google-adk McpToolset ({SUPPORTED})",
    detect=lambda target: _TOOLSET in mro_names(target), session_of=session_of,
    session_scope=session_scope, after_protect=after_protect, deferrable=True)
