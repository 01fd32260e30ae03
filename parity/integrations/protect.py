"""``protect(target, lock, mode=...)``: verify the tools of a session an agent framework
already holds, then keep guarding every call the framework makes through it.

The target is resolved to the ``mcp`` ``ClientSession`` underneath (``parity.integrations.
kinds``: one target kind per framework). The session is verified at once with a
``PinnedClient`` (``refuse-server`` raises ``ToolDriftError``; ``refuse-changed`` withholds
changed and unknown tools), then intercepted (``parity.mcp.intercept``), so through the very
object the framework holds:

- ``tools/list`` shows only the verified tools, each compared with the definition parity
  verified (``parity.integrations.listing``): a tool changed without a
  ``tools/list_changed`` is verified again and withheld, as at connect time;
- every ``tools/call`` goes through the guard (``GuardedSession``): arguments checked against
  the pinned ``inputSchema`` before anything is sent, the result classified; a failure reaches
  the framework as a ``CallToolResult`` with ``isError: true`` whose text starts with the
  outcome category and the retry advice; a success passes through unchanged;
- ``notifications/tools/list_changed`` marks the verdict stale, and the next call waits for
  the re-verification.

The session is intercepted *before* anything else (``Closed``: no tool shown, every call
refused locally) and handed to the guard only once verified: when ``protect`` raises
(``ToolDriftError`` in ``refuse-server``, a bad lock, a listing that failed), the
framework's object stays closed, so a caller who catches the error and carries on has no
unguarded session.
"""

from __future__ import annotations

import asyncio
import contextvars
import dataclasses
import itertools
import os
import weakref
from collections.abc import Awaitable, Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, overload

from parity.errors import ParityError, ToolDriftError
from parity.integrations.configured import configured_secrets
from parity.integrations.kinds import (
    TargetKind,
    on_session_loop,
    opened,
    resolved,
    server_info_of,
)
from parity.integrations.listing import ListingCheck
from parity.integrations.refusals import Closed, refusal_text
from parity.mcp import wrap_session
from parity.mcp.intercept import ListedTools, Refusal, intercept
from parity.pinning.lock import Lock, load
from parity.runtime.client import MODES, SURFACES, Mode, PinnedClient, check_choice
from parity.runtime.guard import (
    Category,
    EventSink,
    GuardedSession,
    GuardPolicy,
    Outcome,
    policy_or_default,
)

#: the real send of the call being guarded (one per task: calls may run concurrently)
_SEND: contextvars.ContextVar[Callable[[float], Awaitable[dict[str, Any]]]] = \
    contextvars.ContextVar("parity_integrations_send")


#: the order in which later sessions were verified (``Protection.later``)
_ORDER = itertools.count()


@dataclass(frozen=True)
class _Options:
    """What ``protect`` was given, to verify the target's later sessions alike."""

    lock: Lock | str | os.PathLike[str]
    mode: Mode
    policy: GuardPolicy | None
    events: EventSink | None
    surface: str
    server_info: Mapping[str, Any] | None
    accept_name: str | None


@dataclass
class Protection:
    """A protected session: the verdict and the guard behind the framework's own object.

    ``pinned`` is the ``PinnedClient`` (``tools``, ``unavailable``, ``drift``);
    ``outcomes`` keeps the last outcomes (most recent last, at most ``keep``) for the
    orchestration and tests; ``events`` receives the guard's event trail. Where the framework
    opens sessions of its own after ``protect`` (google-adk, llama-index), each is verified
    and guarded by a protection of its own (``later``), and ``tools`` and ``unavailable`` are
    the latest verification's."""

    target: Any
    kind: TargetKind
    session: Any
    pinned: PinnedClient
    guard: GuardedSession
    options: _Options | None = None
    outcomes: list[Outcome] = field(default_factory=list)
    keep: int = 100
    #: the protections of the later sessions, by order of verification: held weakly, so a
    #: session the framework dropped is not kept alive by its protection
    _later: weakref.WeakValueDictionary[int, Protection] = field(
        default_factory=weakref.WeakValueDictionary, repr=False)
    #: the latest of them (held: llama-index drops each session as soon as it is used)
    _latest: Protection | None = field(default=None, repr=False)
    listing: ListingCheck = field(init=False)

    def __post_init__(self) -> None:
        self.listing = ListingCheck(self.pinned)

    @property
    def later(self) -> list[Protection]:
        """The protections of the sessions the framework opened after this one and still
        holds (google-adk's ``McpToolset`` opens one per set of headers, and again after a
        drop; llama-index's client one per listing and per call), each verified with the same
        options before the framework used it; they share ``outcomes``."""
        return [self._later[n] for n in sorted(self._later.keys())]

    async def also(self, session: Any) -> Protection:
        """Verify and guard another session the target's framework opened, as ``protect``
        did this one (raises as ``protect`` does; the session then stays closed)."""
        if self.options is None:
            raise ValueError("this Protection was not made by parity.protect")
        return await _protect_session(self.target, self.kind, session, self.options,
                                      first=self)

    @property
    def tools(self) -> Mapping[str, Mapping[str, Any]]:
        """The verified tools the framework sees: name -> raw definition (of the latest
        verification, where the framework opened sessions after this one)."""
        return (self._latest or self).pinned.tools

    @property
    def unavailable(self) -> Mapping[str, Any]:
        """Tools withheld from the framework: name -> ``Unavailable`` (with ``describe()``;
        of the latest verification)."""
        return (self._latest or self).pinned.unavailable

    # the interceptor's hooks ------------------------------------------------------------

    async def visible(self, listed: ListedTools) -> Collection[str]:
        return await self.listing.visible(listed)

    async def call(self, name: str, arguments: dict[str, Any],
                   send: Callable[[float], Awaitable[dict[str, Any]]], *,
                   as_task: bool = False) -> Refusal | None:
        token = _SEND.set(send)
        try:
            outcome = await self.guard.call_tool(name, arguments, as_task=as_task)
        finally:
            _SEND.reset(token)
        self.outcomes.append(outcome)
        del self.outcomes[:-self.keep]
        if outcome.ok:
            return None
        return Refusal(refusal_text(outcome), keep_content=outcome.category == Category.PARTIAL)


@dataclass
class Deferred:
    """What ``protect(..., defer=True)`` returns: nothing verified yet. The first session the
    framework opens is verified and guarded as ``protect`` verifies one, before the
    framework lists or calls anything through it (``first``); its refusal is raised in the
    framework's own call, and the sessions after it then stay closed, as after a ``protect``
    that raised. The sessions after a sound first one are verified as ``Protection.also``
    verifies them."""

    target: Any
    kind: TargetKind
    options: _Options
    #: the first session's protection, once the framework opened one and it was verified
    first: Protection | None = None
    #: no session is this object's own (``SessionVerdicts`` compares with it)
    session: None = None
    _refused: BaseException | None = field(default=None, repr=False)
    _first_lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)

    async def also(self, session: Any) -> Protection:
        """Verify and guard a session the framework opened: the first as ``protect`` would
        have, the others under it (raises as ``protect`` does; the session then stays
        closed)."""
        async with self._first_lock:  # sessions opened at once: one of them is the first
            if self.first is None:
                if self._refused is None:
                    try:
                        self.first = await _protect_session(self.target, self.kind, session,
                                                            self.options, deferred=True)
                    except BaseException as exc:
                        self._refused = exc if isinstance(exc, Exception) else ParityError(
                            "parity's verification of the first session was interrupted",
                            hint="the sessions stay closed: protect the target again")
                        raise
                    return self.first
                # the first was refused: so is this one, closed before the framework uses it
                closed = Closed(session, events=self.options.events)
                closed.fail(self._refused)
                intercept(session, closed)
                raise self._refused
        return await self.first.also(session)

    @property
    def later(self) -> list[Protection]:
        """The protections of the sessions verified so far, the first first."""
        return [] if self.first is None else [self.first, *self.first.later]

    @property
    def outcomes(self) -> list[Outcome]:
        return [] if self.first is None else self.first.outcomes

    @property
    def tools(self) -> Mapping[str, Mapping[str, Any]]:
        """As ``Protection.tools``; none before the first session."""
        return {} if self.first is None else self.first.tools

    @property
    def unavailable(self) -> Mapping[str, Any]:
        return {} if self.first is None else self.first.unavailable


class _LazyPinnedClient(PinnedClient):
    """Re-verifies on the framework's next listing or call after a change notification, not
    in the background: nothing of parity's is in flight when the framework closes the session
    (a 1.x stdio session breaks on an answer that arrives after it closed)."""

    def _list_changed(self) -> None:
        self.stale = True


async def _send_current(tool: Mapping[str, Any], arguments: dict[str, Any],
                        timeout: float) -> dict[str, Any]:
    # the pinned client's send seam: the framework's own request, held for this call
    return await _SEND.get()(timeout)


@overload
async def protect(target: Any, lock: Lock | str | os.PathLike[str], *,
                  mode: Mode = ..., policy: GuardPolicy | None = ...,
                  events: EventSink | None = ..., surface: str = ...,
                  server_info: Mapping[str, Any] | None = ..., accept_name: str | None = ...,
                  server: str | None = ..., defer: Literal[False] = ...) -> Protection: ...


@overload
async def protect(target: Any, lock: Lock | str | os.PathLike[str], *,
                  mode: Mode = ..., policy: GuardPolicy | None = ...,
                  events: EventSink | None = ..., surface: str = ...,
                  server_info: Mapping[str, Any] | None = ..., accept_name: str | None = ...,
                  server: str | None = ..., defer: Literal[True]) -> Deferred: ...


@overload
async def protect(target: Any, lock: Lock | str | os.PathLike[str], *,
                  mode: Mode = ..., policy: GuardPolicy | None = ...,
                  events: EventSink | None = ..., surface: str = ...,
                  server_info: Mapping[str, Any] | None = ..., accept_name: str | None = ...,
                  server: str | None = ..., defer: bool) -> Protection | Deferred: ...


async def protect(target: Any, lock: Lock | str | os.PathLike[str], *,
                  mode: Mode = "refuse-server", policy: GuardPolicy | None = None,
                  events: EventSink | None = None, surface: str = "refuse",
                  server_info: Mapping[str, Any] | None = None,
                  accept_name: str | None = None, server: str | None = None,
                  defer: bool = False) -> Protection | Deferred:
    """Verify ``target``'s tools against ``lock`` and guard every call made through it.

    Arguments:
        target: an entered ``mcp`` ``ClientSession`` (1.x or 2.x) or 2.x ``Client``, a
            fastmcp ``Client``, a pydantic-ai ``MCPServer``/``MCPToolset``, an openai-agents
            MCP server, the ``ClientSession`` langchain-mcp-adapters loads tools from, a
            google-adk ``McpToolset`` or a llama-index ``BasicMCPClient`` (a session opened
            here; the sessions it opens later are verified before it uses them:
            ``Protection.later``), a started strands ``MCPClient`` (verified on its own
            loop; a later ``start()`` verifies again), a smolagents ``MCPClient``, a
            crewai-tools ``MCPServerAdapter`` or an mcpadapt ``MCPAdapt`` of one server,
            an agent-framework ``MCPStdioTool`` (or HTTP, websocket; the clients it opens
            later are verified before use), an agno ``MCPTools``, a started AutoGen
            ``McpWorkbench`` (a later ``start()`` verifies again), a connected Semantic Kernel
            ``MCPStdioPlugin`` (or HTTP, SSE, websocket), or a langchain-mcp-adapters
            ``MultiServerMCPClient`` or a crewai ``Agent`` given ``mcps`` (one server of
            either: ``server``; each session they open later is verified before use)
            (``parity.integrations.kinds.KINDS`` lists them, with how each is found).
        lock: a ``Lock`` or the path of a lock file (``parity lock``, or ``lock_tools``).
        mode: ``refuse-server`` (any drift raises ``ToolDriftError``) or ``refuse-changed``
            (changed and unknown tools are withheld: ``Protection.unavailable`` says which).
        policy: the guard's ``GuardPolicy`` (deadlines, completeness, secrets).
        events: an event sink for the guard's JSONL trail (``JsonlEvents``).
        surface: what a surface-only change does: ``refuse`` or ``warn`` (anything else:
            ``ValueError``, as for ``mode``).
        server_info: the ``initialize`` result's ``serverInfo`` (1.x sessions keep none) for
            the lock's identity check.
        accept_name: a new ``serverInfo.name`` to accept for a renamed server (the server
            table's ``accept_reported_name``); any other rename is refused as drift.
        server: for a client of several servers (langchain-mcp-adapters'
            ``MultiServerMCPClient``, a crewai ``Agent``'s ``mcps``), the one the lock pins
            (default: its only one).
        defer: open no session now; verify the first one the framework opens, before it
            lists or calls anything through it, and return a ``Deferred``: for a google-adk
            ``McpToolset`` whose server refuses a session without the headers only an
            agent's context gives (a ``header_provider``). The lock, ``mode`` and
            ``surface`` are still checked now; drift raises in the framework's first use.

    Raises ``ToolDriftError`` (refuse-server), ``ParityError`` for a missing or foreign lock,
    ``TypeError`` for a target no kind recognizes, ``ValueError`` for a ``mode`` or
    ``surface`` of no known value, and ``ParityError`` naming the supported versions when a
    framework keeps its session where this parity does not look. Once the target's session
    is found, it is intercepted before it is verified: if verification raises, the session
    keeps showing no tool and refusing every call (``call parity.protect again``).
    """
    options = _Options(lock, mode, policy, events, surface, server_info, accept_name)
    if defer:
        return _deferred(target, server, options)
    async with opened(target, server) as (kind, target, session):
        protection = await on_session_loop(kind, target, lambda: _protect_session(
            target, kind, session, options))
        relist = kind.relist
        if relist is not None:
            await on_session_loop(kind, target, lambda: relist(target))
        return protection


def _deferred(target: Any, server: str | None, options: _Options) -> Deferred:
    kind, target = resolved(target, server)
    if not kind.deferrable:
        raise ValueError(f"defer=True: {kind.describes} is verified at once (only a framework "
                         "that opens its sessions itself, such as google-adk's McpToolset, "
                         "can leave it to its first session)")
    check_choice("mode", options.mode, MODES)
    check_choice("surface", options.surface, SURFACES)
    policy_or_default(options.policy)
    if not isinstance(options.lock, Lock):
        load(options.lock)  # a missing or malformed lock raises now, not in the agent's run
    deferred = Deferred(target, kind, options)
    kind.after_protect(target, deferred)
    return deferred


async def _protect_session(target: Any, kind: TargetKind, session: Any, options: _Options, *,
                           first: Protection | None = None,
                           deferred: bool = False) -> Protection:
    """Verify and guard ``session``, ``target``'s (``first``: the protection of the target's
    first session, whose outcomes it shares; the target's own state is left as it is).
    ``deferred``: the first session the framework opened itself (``Deferred``), whose
    target stays in the ``Deferred``'s hands until it is verified, and closed if refused."""
    closed = Closed(session)
    intercept(session, closed)  # closed until verified: a caught error leaves nothing open
    if first is None and not deferred:
        kind.after_protect(target, closed)
    try:
        policy = policy_or_default(options.policy)
        # the credentials the framework connects with are secrets as the policy's are
        policy = dataclasses.replace(policy, secrets=tuple(dict.fromkeys(
            (*policy.secrets, *configured_secrets(target)))))
        closed.events = options.events
        # the policy's secrets are redacted from drift explanations as from outcomes
        pinned = _LazyPinnedClient(
            wrap_session(session, server_info=server_info_of(kind, target, session,
                                                             options.server_info),
                         secrets=policy.secrets),
            options.lock, mode=options.mode, surface=options.surface,  # type: ignore[arg-type]
            accept_name=options.accept_name)
        pinned.send = _send_current
        await pinned.start()
    except BaseException as exc:
        closed.fail(exc)
        if deferred:
            kind.after_protect(target, closed)
        raise
    protection = Protection(target=target, kind=kind, session=session, pinned=pinned,
                            guard=GuardedSession(pinned, policy, events=options.events),
                            options=options)
    intercept(session, protection, secrets=policy.secrets)
    if first is None:
        kind.after_protect(target, protection)
    else:
        protection.outcomes = first.outcomes
        first._later[next(_ORDER)] = first._latest = protection
    return protection


__all__ = ["Closed", "Deferred", "Protection", "ToolDriftError", "protect", "refusal_text"]
