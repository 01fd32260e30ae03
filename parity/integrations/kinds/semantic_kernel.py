"""Semantic Kernel (``semantic-kernel`` 1.x, mcp 1.x): its ``MCPStdioPlugin`` (and
``MCPStreamableHttpPlugin``, ``MCPSsePlugin``, ``MCPWebsocketPlugin``) keeps its session in its
public ``session``, one it opened or the ``ClientSession`` you gave it. It lists when it
connects and registers a kernel function per tool on itself (an attribute each, named in its
private ``_mcp_registered_names``, checked), and never drops one: ``protect`` drops the tool
functions registered before it and, once verified, has the plugin register them again from a
listing through the interception (``load_tools``), so a kernel given the plugin afterwards is
given verified tools only (none after a refusal).

A ``connect()`` after ``close()`` opens a new session and lists through it at once
(``load_tools``, which it also runs on ``notifications/tools/list_changed``). ``load_tools`` is
wrapped on the instance: the plugin's current session is verified against the lock, with the
same options, before it lists (``Protection.also``). A refused session is left closed and
lists nothing, and a function kept from before that calls through it is refused: raising
there would leave ``connect()`` waiting forever (its task never says it is ready), so the
refusal is logged instead, and ``protection.later`` does not hold it.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from parity.integrations.kinds._base import TargetKind, UnsupportedTarget, mro_names
from parity.integrations.kinds._checks import SessionVerdicts, marked_first, replace_once

_PLUGIN = "semantic_kernel.connectors.mcp.MCPPluginBase"
#: the versions whose plugin keeps what this kind reads where it looks
SUPPORTED = "semantic-kernel 1.x (1.45 tested)"
#: on the instance: its own ``load_tools``, kept where ``replace_once`` put it
ORIGINAL = "__parity_load_tools__"
logger = logging.getLogger(__name__)


def _registered(plugin: Any) -> dict[str, tuple[str, str]]:
    names = getattr(plugin, "_mcp_registered_names", None)
    if not isinstance(names, dict) or not callable(getattr(plugin, "load_tools", None)):
        raise UnsupportedTarget(f"semantic-kernel {type(plugin).__name__}: no "
                                f"_mcp_registered_names, where {SUPPORTED} names the functions "
                                "it registers", hint="use a supported semantic-kernel version")
    return names


def session_of(plugin: Any) -> Any:
    _registered(plugin)
    session = getattr(plugin, "session", None)
    if session is None:
        raise UnsupportedTarget(f"semantic-kernel {type(plugin).__name__}: not connected, so "
                                "there is no session to protect",
                                hint="call parity.protect inside `async with plugin:` (or after "
                                     "`await plugin.connect()`)")
    return session


def after_protect(plugin: Any, protection: Any) -> None:
    # (first with the closed interception, before verifying: a refused plugin then offers no
    # tool, as a refused session lists none; ``relist`` registers the verified ones)
    names = _registered(plugin)
    for local, (kind, _remote) in list(names.items()):
        if kind == "tool":
            del names[local]
            vars(plugin).pop(local, None)
    if marked_first(plugin, protection):
        replace_once(plugin, "load_tools", ORIGINAL, functools.partial(_verifying, plugin))


def _verifying(plugin: Any, original: Callable[[], Awaitable[None]],
               ) -> Callable[[], Awaitable[None]]:
    verdicts = SessionVerdicts(plugin, "semantic-kernel", "close the plugin, connect it and "
                               "protect it again")

    @functools.wraps(original)
    async def load_tools() -> None:
        if plugin.session is not None:
            try:
                await verdicts.verify(plugin.session)
            except Exception as exc:  # (raised here, connect() would wait forever)
                logger.warning("semantic-kernel %s: its session was refused, so no tool is "
                               "listed and every call through it is refused: %s",
                               getattr(plugin, "name", type(plugin).__name__), exc)
                return
        await original()

    return load_tools


async def relist(plugin: Any) -> None:
    # the tool functions ``after_protect`` dropped: registered again from a listing through the
    # interception (its prompts are left as they are)
    if plugin.load_tools_flag:
        await plugin.load_tools()


PLUGIN = TargetKind(
    name="semantic-kernel-plugin",
    describes=f"a semantic-kernel MCPStdioPlugin, MCPStreamableHttpPlugin, MCPSsePlugin or "
              f"MCPWebsocketPlugin ({SUPPORTED})",
    detect=lambda target: _PLUGIN in mro_names(target), session_of=session_of,
    after_protect=after_protect, relist=relist)
