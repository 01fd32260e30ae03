"""The pinned client: verify a server's tools against their lock inside the MCP client,
before any tool reaches the agent, and keep verifying for the whole session.

``verify_tools(session, lock)`` is the one-shot startup check: it returns the verified raw
tool definitions or raises ``ToolDriftError`` (``changes`` holds the ``pinning.drift.Drift``).

``PinnedClient`` wraps a session and exposes only verified tools, in one of two modes:

- ``refuse-server``: if anything drifted, nothing is available (``start`` raises);
- ``refuse-changed``: unchanged tools are available; changed, added and removed ones are
  withheld and listed in ``unavailable``, so the orchestration knows a capability is missing.

When the server says its tool list changed (``notifications/tools/list_changed``), the client
marks itself stale at once and re-verifies, coalesced and bounded (``runtime.relisting``); a
call never goes out on a stale or drifted tool. Every call goes through ``PinnedClient.
call_tool``, which refuses withheld tools locally and then delegates to ``PinnedClient.send``:
the seam for the call-time guard.

A session is anything shaped like ``parity.mcp.AdapterSession`` (``ToolSession``);
``mcp`` SDK ``Client``/``ClientSession`` objects are adapted by ``parity.mcp``.
"""

from __future__ import annotations

import dataclasses
import logging
import os
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, Literal, Protocol

import anyio

from parity.core.redact import redact
from parity.errors import ToolDriftError
from parity.pinning.drift import Drift, SurfacePolicy, ToolChange
from parity.pinning.lock import Lock, capability_note, from_listing, load
from parity.pinning.pin import verify_lock
from parity.runtime.guard import GuardedSession, GuardPolicy
from parity.runtime.relisting import Relisting

Mode = Literal["refuse-server", "refuse-changed"]
MODES: tuple[str, ...] = ("refuse-server", "refuse-changed")
#: what a surface-only change does (``parity.pinning.drift.SurfacePolicy``)
SURFACES: tuple[str, ...] = ("refuse", "warn")

#: The call seam: ``(verified tool definition, arguments, timeout) -> raw CallToolResult``.
Sender = Callable[[Mapping[str, Any], dict[str, Any], float], Awaitable[dict[str, Any]]]

_log = logging.getLogger("parity.runtime.client")


class ToolSession(Protocol):
    """What the pinned client needs from a connection (``AdapterSession`` has it)."""

    @property
    def server_info(self) -> Mapping[str, Any]: ...

    async def list_tools_raw(self) -> Any: ...

    async def call_tool_raw(self, name: str, arguments: Mapping[str, Any] | None, *,
                            timeout: float) -> dict[str, Any]: ...

    def on_tools_list_changed(self, callback: Callable[[], Any]) -> None: ...


@dataclass(frozen=True)
class Unavailable:
    """A tool the agent must not use, and why."""

    name: str
    #: ``changed``, ``added``, ``removed``, ``renamed``, ``server-refused`` (refuse-server:
    #: the tool is unchanged but another one drifted) or ``server-renamed`` (the server
    #: reports another name than the lock's, not accepted)
    reason: str
    #: the tool's own change, when it has one
    change: ToolChange | None = None
    #: ``server-renamed``: the (locked, live) ``serverInfo.name``
    renamed: tuple[str, str] | None = None

    def describe(self) -> str:
        if self.reason == "server-renamed" and self.renamed is not None:
            old, new = self.renamed
            return (f"tool {self.name!r} is unavailable: its server now calls itself {new!r}, "
                    f"the lock was made with {old!r} (accept the name with "
                    f"`accept_reported_name`, or re-lock)")
        if self.reason == "server-refused":
            return f"tool {self.name!r} is unavailable: other tools of its server drifted " \
                   "(mode refuse-server)"
        return f"tool {self.name!r} is unavailable: it was {self.reason} since the lock"


def as_tool_session(session_or_client: Any) -> ToolSession:
    """A ``ToolSession`` for an adapter session, or an ``mcp`` ``Client``/``ClientSession``
    adapted by ``parity.mcp``."""
    if hasattr(session_or_client, "list_tools_raw"):
        return session_or_client  # type: ignore[no-any-return]
    from parity.mcp import wrap_session

    return wrap_session(session_or_client)  # type: ignore[no-any-return]


def check_choice(what: str, value: object, allowed: tuple[str, ...]) -> None:
    """``ValueError`` naming the allowed values when ``value`` is none of them."""
    if value not in allowed:
        raise ValueError(f"{what} must be one of {', '.join(allowed)}, not {value!r}")


def secrets_of(session: Any, extra: Iterable[str] = ()) -> tuple[str, ...]:
    """The secrets a session redacts (``wrap_session(..., secrets=)``, a configured server's
    env and header values), with ``extra``: every drift explanation is redacted with them."""
    return tuple(dict.fromkeys((*(getattr(session, "secrets", None) or ()), *extra)))


def explain(drift: Drift, secrets: Sequence[str]) -> str:
    """The drift's explanation, secrets redacted (a definition may hold one)."""
    return redact(drift.render_text().rstrip("\n"), secrets)


def _lock_of(lock: Lock | str | os.PathLike[str]) -> tuple[Lock, str | None]:
    if isinstance(lock, Lock):
        return lock, None
    return load(lock), os.fspath(lock)


def _as_locked(spec: Any, pinned: Lock) -> Any:
    """Speak the protocol era the lock was listed in, unless the spec names one: a lock
    listed under MCP 2026-07-28 is verified under it (as ``parity verify`` does)."""
    from parity.mcp.era import is_modern

    if spec.protocol is None and is_modern(pinned.protocol_version):
        return dataclasses.replace(spec, protocol=pinned.protocol_version)
    return spec


async def check_tools(session_or_client: Any, lock: Lock | str | os.PathLike[str], *,
                      surface: SurfacePolicy = "refuse",
                      accept_name: str | None = None) -> tuple[Drift, list[dict[str, Any]]]:
    """List the session's tools and compare them with ``lock``: the drift and the raw live
    definitions. A server that now reports another ``serverInfo.name`` than the lock's is
    compared all the same and refused (``Drift.server_renamed``) unless its new name is
    ``accept_name``, as ``parity verify`` does. Raises ``FileFormatError`` for a bad lock
    and ``SourceError`` for an unpinnable listing; never raises for drift."""
    return await _check(as_tool_session(session_or_client), *_lock_of(lock), surface,
                        accept_name)


async def _check(session: ToolSession, pinned: Lock, file: str | None,
                 surface: SurfacePolicy, accept_name: str | None,
                 seen: Sequence[Mapping[str, Any]] = ()) -> tuple[Drift, list[dict[str, Any]]]:
    # ``file``: the lock's file, named in the explanation (None for a ``Lock`` given as such);
    # ``seen``: definitions another reader of the session received, verified in place of
    # parity's own listing of their names (the verdict is then about what that reader saw)
    check_choice("surface", surface, SURFACES)
    listing = await session.list_tools_raw()
    if seen:
        names = {str(d.get("name")) for d in seen}
        listing = dataclasses.replace(listing, tools=[
            *(d for d in listing.tools if str(d.get("name")) not in names), *map(dict, seen)])
    live = from_listing(pinned.server, listing)
    drift = verify_lock(pinned, live, surface=surface, file=file or "<lock>", lock_file=file,
                        accept_name=accept_name)
    if file is None:  # a ``Lock`` given as such: no file to name in the explanation
        drift = dataclasses.replace(drift, lock_file=None)
    note = capability_note(pinned, getattr(listing, "client_capabilities", None)) \
        if drift.drifted else None
    if note is not None:  # the client, not the server, may be what differs
        drift = dataclasses.replace(drift, warnings=(*drift.warnings, note))
    return drift, list(listing.tools)


async def verify_tools(session_or_client: Any, lock: Lock | str | os.PathLike[str], *,
                       surface: SurfacePolicy = "refuse",
                       accept_name: str | None = None) -> list[dict[str, Any]]:
    """The startup check: the server's raw tool definitions, verified against ``lock``.

    Arguments:
        session_or_client: an ``AdapterSession`` (or an ``mcp`` client the adapter wraps).
        lock: a ``Lock`` or the path of a lock file.
        surface: what a surface-only change does: ``refuse`` (default) or ``warn``.
        accept_name: a new ``serverInfo.name`` to accept (a renamed server; the
            configuration's ``accept_reported_name``); any other rename is refused.

    Raises ``ToolDriftError`` (``changes``: the ``Drift``, ``str``: the explanation, with the
    session's secrets redacted) before any tool can be registered, and ``ParityError`` for a
    missing, corrupt or foreign lock.
    """
    session = as_tool_session(session_or_client)
    drift, tools = await _check(session, *_lock_of(lock), surface, accept_name)
    secrets = secrets_of(session)
    if drift.refused:
        raise ToolDriftError(explain(drift, secrets), changes=drift.redacted(secrets))
    _log_verdict(drift, secrets)
    return tools


def _log_verdict(drift: Drift, secrets: Sequence[str]) -> None:
    """Log an accepted verdict: its explanation when something drifted (it holds the
    warnings), else each warning once."""
    if drift.drifted:
        _log.warning("%s", explain(drift, secrets))
        return
    for warning in drift.warnings:
        _log.warning("%s", redact(warning, secrets))


class PinnedClient:
    """A session that exposes only verified tools. Create it, then ``await start()`` (or use
    ``PinnedClient.connect``); ``tools`` and ``unavailable`` then hold the verdict.

    The seam for call-time checks: ``call_tool`` refuses unavailable tools locally, then
    awaits ``self.send(tool, arguments, timeout)``. ``send`` is an attribute: replace or wrap
    it (``client.send = guard.wrap(client.send)``), or override ``send_raw`` in a subclass.
    """

    def __init__(self, session_or_client: Any, lock: Lock | str | os.PathLike[str], *,
                 mode: Mode = "refuse-server", surface: SurfacePolicy = "refuse",
                 call_timeout: float = 60.0,
                 on_drift: Callable[[Drift], Any] | None = None,
                 accept_name: str | None = None, policy: GuardPolicy | None = None) -> None:
        check_choice("mode", mode, MODES)
        check_choice("surface", surface, SURFACES)
        self.session: ToolSession = as_tool_session(session_or_client)
        self.lock, self.lock_file = _lock_of(lock)
        self.mode: Mode = mode
        self.surface: SurfacePolicy = surface
        #: a new ``serverInfo.name`` accepted for a renamed server (``accept_reported_name``)
        self.accept_name = accept_name
        self.call_timeout = call_timeout
        self.on_drift = on_drift
        #: the guard's policy for ``call`` when it is given none
        self.policy = policy
        #: redacted from every drift explanation: the session's and the policy's secrets
        self.secrets = secrets_of(self.session, policy.secrets if policy else ())
        #: verified tools the agent may register: name -> raw definition
        self.tools: dict[str, dict[str, Any]] = {}
        #: tools withheld from the agent: name -> why
        self.unavailable: dict[str, Unavailable] = {}
        #: the last verification's verdict
        self.drift: Drift | None = None
        #: how many verifications have completed
        self.verifications = 0
        #: the server announced a change that has not been verified yet
        self.stale = True
        #: the call seam (see the class docstring)
        self.send: Sender = self.send_raw
        self._refresh_lock = anyio.Lock()
        self._subscribed = False
        self._relisting = Relisting(self, self.lock.server)

    @classmethod
    @asynccontextmanager
    async def connect(cls, server: Any, lock: Lock | str | os.PathLike[str] | None = None, *,
                      mode: Mode = "refuse-server", surface: SurfacePolicy | None = None,
                      **kw: Any) -> AsyncIterator[PinnedClient]:
        """Open a session to ``server`` (a ``parity.config.settings.ServerConfig`` or an adapter
        ``ServerSpec``), verify it and yield the started client; the server is stopped on
        exit. ``lock`` defaults to the ``ServerConfig``'s own ``lock`` key; for the configured
        default location pass ``Config.lock_path(server)``. A ``ServerConfig`` also gives the
        ``surface`` policy and the accepted new name (``accept_reported_name``) unless they
        are passed, and its pairs' ``id_paths`` to the guard's ``policy`` (added to a policy
        passed without any)."""
        from parity.config.settings import ServerConfig
        from parity.mcp import open_session
        from parity.sources.live import live_spec

        spec = server
        if isinstance(server, ServerConfig):
            spec = live_spec(server)
            surface = surface or server.surface  # type: ignore[assignment]
            lock = lock if lock is not None else server.lock
            kw.setdefault("accept_name", server.accept_reported_name)
            if server.id_paths:
                policy = kw.get("policy") or GuardPolicy()
                if not policy.id_paths:
                    kw["policy"] = dataclasses.replace(policy, id_paths=server.id_paths)
        if lock is None:
            raise TypeError("PinnedClient.connect needs the lock (a Lock or a path)")
        pinned, lock_file = _lock_of(lock)  # read once: its era decides how to connect
        spec = _as_locked(spec, pinned)
        async with open_session(spec) as session:
            client = cls(session, pinned, mode=mode, surface=surface or "refuse", **kw)
            client.lock_file = lock_file  # named in explanations, as if given by path
            await client.start()
            yield client

    async def start(self) -> PinnedClient:
        """Verify once and subscribe to tool-list changes. In ``refuse-server`` mode, raise
        ``ToolDriftError`` if anything drifted; in ``refuse-changed`` mode, withhold."""
        if not self._subscribed:
            self.session.on_tools_list_changed(self._list_changed)
            self._subscribed = True
        drift = await self.refresh()
        if drift.refused and self.mode == "refuse-server":
            raise ToolDriftError(explain(drift, self.secrets),
                                 changes=drift.redacted(self.secrets))
        return self

    def _list_changed(self) -> Awaitable[None] | None:
        # mark stale before anything can await: no call goes out on the old verdict
        self.stale = True
        return self._relisting.heard()

    async def refresh(self, *, seen: Sequence[Mapping[str, Any]] = (),
                      if_stale: bool = False) -> Drift:
        """Re-list and re-verify now; update ``tools`` and ``unavailable``.

        ``seen``: tool definitions a framework received through this session (its own
        listing); each is verified in place of parity's listing of its name, so a server that
        answers the framework otherwise than parity is judged by what the framework saw.
        ``if_stale``: after the verification in flight, only if the server announced a change
        since the last listing began (else the current verdict): what every call does."""
        async with self._refresh_lock:
            if if_stale and not self.stale and self.drift is not None:
                return self.drift
            drift, live = await self._relisting.verifying(_check(
                self.session, self.lock, self.lock_file, self.surface, self.accept_name, seen))
            self._apply(drift, live)
            self.verifications += 1
        _log_verdict(drift, self.secrets)
        if drift.drifted and self.on_drift is not None:
            outcome = self.on_drift(drift)
            if isinstance(outcome, Awaitable):
                await outcome
        return drift

    def _apply(self, drift: Drift, live: list[dict[str, Any]]) -> None:
        withheld = set(drift.withheld())
        by_name = {c.name: c for c in drift.changes}
        unavailable: dict[str, Unavailable] = {}
        for change in drift.changes:
            if change.name in withheld:
                unavailable[change.name] = Unavailable(change.name, change.kind, change)
            if change.renamed_from and change.renamed_from in withheld:
                unavailable[change.renamed_from] = Unavailable(change.renamed_from, "renamed",
                                                              change)
        tools: dict[str, dict[str, Any]] = {}
        for definition in live:
            name = str(definition["name"])
            if name in unavailable:
                continue
            if drift.server_renamed is not None:  # not the server the lock pins: nothing
                unavailable[name] = Unavailable(name, "server-renamed", by_name.get(name),
                                                renamed=drift.server_renamed)
                continue
            if withheld and self.mode == "refuse-server":
                unavailable[name] = Unavailable(name, "server-refused", by_name.get(name))
                continue
            tools[name] = definition
        self.drift, self.tools, self.unavailable = drift, tools, dict(sorted(
            unavailable.items()))

    def check_call(self, name: str) -> dict[str, Any]:
        """The verified definition of ``name``, or ``ToolDriftError`` if it may not be
        called (withheld, drifted, unknown)."""
        if name in self.unavailable:
            reason = self.unavailable[name]
            raise ToolDriftError(f"call refused locally, not sent: {reason.describe()}",
                                 changes=reason)
        tool = self.tools.get(name)
        if tool is None:
            raise ToolDriftError(f"call refused locally, not sent: {name!r} is not a verified "
                                 "tool of this server", changes=Unavailable(name, "unknown"))
        return tool

    async def call_tool(self, name: str, arguments: Mapping[str, Any] | None = None, *,
                        timeout: float | None = None) -> dict[str, Any]:
        """The single path of every tool call: re-verify if the server announced a change,
        refuse withheld tools locally (``ToolDriftError``), then ``await self.send(...)``."""
        await self.refresh(if_stale=True)
        tool = self.check_call(name)
        return await self.send(tool, dict(arguments or {}),
                               self.call_timeout if timeout is None else timeout)

    async def call(self, name: str, arguments: Mapping[str, Any] | None = None, *,
                   policy: GuardPolicy | None = None, events: Any = None) -> Any:
        """Call through the call-time guard: always a ``runtime.guard.Outcome`` (ok, category,
        retry, correlation id), never a bare result or an exception (docs/guard.md).

        A withheld or drifted tool becomes a ``drifted`` outcome, refused locally. ``policy``
        defaults to the client's (``PinnedClient(policy=...)``, or a ``ServerConfig``'s
        ``id_paths`` through ``connect``)."""
        guarded = GuardedSession(self, policy=policy or self.policy, events=events)
        return await guarded.call_tool(name, dict(arguments or {}))

    async def send_raw(self, tool: Mapping[str, Any], arguments: dict[str, Any],
                       timeout: float) -> dict[str, Any]:
        """The default ``send``: the raw ``tools/call`` through the session."""
        return await self.session.call_tool_raw(str(tool["name"]), arguments, timeout=timeout)


def message_handler(chained: Any = None) -> Any:
    """A ``message_handler`` for the agent's own ``mcp`` session that lets the pinned client
    see ``notifications/tools/list_changed`` (and passes every message on to ``chained``)."""
    from parity.mcp import ListChangedHandler

    return ListChangedHandler(chained)


__all__ = ["MODES", "SURFACES", "Mode", "PinnedClient", "Sender", "ToolSession", "Unavailable",
           "as_tool_session", "check_choice", "check_tools", "explain", "message_handler",
           "secrets_of", "verify_tools"]
