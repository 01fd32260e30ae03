"""langchain-mcp-adapters: ``MultiServerMCPClient``, whose ``get_tools()`` gives LangChain
tools that open a new session for every call, and lists through a session of its own. One
server of it is protected at a time (``protect(client, LOCK, server=NAME)``; the ``server``
may be left out for a client of one), through public attributes only:

- ``session(name)`` is wrapped on the instance: every session it opens for the server is
  verified against the lock, with ``protect``'s options, before it is handed out;
- an interceptor is added, innermost, to the client's ``tool_interceptors`` (which the tools
  it built hold too): the server's calls go through such a session, so each is verified and
  guarded; headers an outer interceptor sets cannot be applied there and are refused;
- ``get_tools()`` is wrapped: the server's tools are held to a listing verified at once,
  and a tool the lock withholds, or whose description or ``inputSchema`` is not the
  verified one, is left out.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

from parity.integrations.groups import own_errors
from parity.integrations.kinds._base import TargetKind, UnsupportedTarget, mro_names
from parity.integrations.kinds._checks import own_method, replace_once, verify_later

_CLIENT = "langchain_mcp_adapters.client.MultiServerMCPClient"
SUPPORTED = "langchain-mcp-adapters 0.3 (0.3.2 tested)"
#: on the client: server name -> the protection (or the closed hooks) of its sessions
MARK = "__parity_protections__"
#: on the client: its own ``session``, which ``protect`` opens its session with
ORIGINAL = "__parity_session__"


@dataclass(frozen=True)
class ServerOf:
    """One server of a ``MultiServerMCPClient``: what ``protect`` protects."""

    client: Any
    name: str


def pick(client: Any, server: str | None) -> ServerOf:
    """The server of ``client`` to protect: ``server``, or the client's only one."""
    if isinstance(client, ServerOf) and server in (None, client.name):
        return client  # (a protection's own target)
    names = list(getattr(client, "connections", None) or {})
    if server is None and len(names) == 1:
        server = names[0]
    if server is None or server not in names:
        said = f"no server {server!r}" if server is not None else f"{len(names)} servers"
        raise UnsupportedTarget(
            f"langchain-mcp-adapters MultiServerMCPClient: {said} (it has: "
            f"{', '.join(names) or 'none'})",
            hint="name the one the lock pins: parity.protect(client, LOCK, server=NAME)")
    return ServerOf(client, server)


def _original(client: Any) -> Callable[..., Any]:
    opener = own_method(client, "session", ORIGINAL)
    if opener is None:
        raise UnsupportedTarget("langchain-mcp-adapters MultiServerMCPClient: no session()",
                                hint=f"use {SUPPORTED}")
    return opener  # type: ignore[no-any-return]


def session_of(target: ServerOf) -> Any:
    raise UnsupportedTarget("langchain-mcp-adapters MultiServerMCPClient opens a session per "
                            "call", hint="use `await parity.protect(client, LOCK)`")


def session_scope(target: ServerOf) -> contextlib.AbstractAsyncContextManager[Any]:
    """One session of the server's, opened as the client opens its own (closed after)."""
    return _original(target.client)(target.name)  # type: ignore[no-any-return]


def after_protect(target: ServerOf, protection: Any) -> None:
    client = target.client
    protections = vars(client).setdefault(MARK, {})
    protections[target.name] = protection
    _original(client)  # (checked: refused when missing)
    if not replace_once(client, "session", ORIGINAL,
                        lambda original: _verifying_session(client, original)):
        return
    client.get_tools = _held_tools(client, client.get_tools)
    interceptors = getattr(client, "tool_interceptors", None)
    if not isinstance(interceptors, list):
        raise UnsupportedTarget("langchain-mcp-adapters MultiServerMCPClient: no list of "
                                "tool_interceptors", hint=f"use {SUPPORTED}")
    interceptors.append(_through_verified_session(client))  # (in place: built tools hold it)


def _verifying_session(client: Any, original: Callable[..., Any]) -> Callable[..., Any]:
    @contextlib.asynccontextmanager
    async def session(server_name: str, *, auto_initialize: bool = True) -> AsyncIterator[Any]:
        protection = getattr(client, MARK).get(server_name)
        if protection is None:
            async with original(server_name, auto_initialize=auto_initialize) as opened:
                yield opened
            return
        if not auto_initialize:
            raise UnsupportedTarget(f"langchain-mcp-adapters: server {server_name!r} is "
                                    "protected: its sessions are verified as they open",
                                    hint="open it with auto_initialize=True")
        with own_errors():  # a refusal reaches the caller as itself, not in the transport's group
            async with original(server_name) as opened:
                if opened is not protection.session:
                    await verify_later(protection, opened)
                yield opened

    return session


def _through_verified_session(client: Any) -> Callable[..., Any]:
    async def parity_interceptor(request: Any, handler: Callable[..., Any]) -> Any:
        if request.server_name not in getattr(client, MARK):
            return await handler(request)
        if request.headers is not None:
            raise UnsupportedTarget(
                f"langchain-mcp-adapters: an interceptor set headers for a call to "
                f"{request.server_name!r}, whose calls parity makes through a verified session "
                "of the client's own connection", hint="set the headers in the connection")
        failure: BaseException | None = None
        async with client.session(request.server_name) as session:
            try:
                result = await session.call_tool(request.name, request.args)
            except Exception as exc:  # (raised outside: the transport's group would wrap it)
                failure = exc
        if failure is not None:
            raise failure
        return result

    return parity_interceptor


def _held_tools(client: Any, get_tools: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(get_tools)
    async def held(*, server_name: str | None = None) -> list[Any]:
        names = [server_name] if server_name is not None else list(client.connections)
        # listed server by server, as the client lists them all, so each tool's server is known
        listed = await asyncio.gather(*(get_tools(server_name=name) for name in names))
        tools: list[Any] = []
        for name, its_tools in zip(names, listed, strict=True):
            protection = getattr(client, MARK).get(name)
            tools += its_tools if protection is None else await _verified(
                client, name, protection, its_tools)
        return tools

    return held


async def _verified(client: Any, name: str, protection: Any, tools: list[Any]) -> list[Any]:
    """The server's ``tools`` that a listing verified at once shows as they are listed."""
    async with client.session(name):  # verified: ``protection.tools`` is this verification's
        pass
    verified = getattr(protection, "tools", None)
    if verified is None:  # a protect that raised: the server's tools stay closed
        return []
    prefix = f"{name}_" if getattr(client, "tool_name_prefix", False) else ""
    held = {prefix + tool: (str(d.get("description") or ""), d.get("inputSchema"))
            for tool, d in verified.items()}
    return [t for t in tools if held.get(t.name) == (t.description, t.args_schema)]


CLIENT = TargetKind(
    name="langchain-client", describes=f"a langchain-mcp-adapters MultiServerMCPClient "
    f"({SUPPORTED})", detect=lambda target: _CLIENT in mro_names(target)
    or isinstance(target, ServerOf), session_of=session_of, session_scope=session_scope,
    after_protect=after_protect, pick=pick)
