"""The agent's own ``mcp`` SDK session (1.x ``ClientSession``, 2.x ``ClientSession`` or
``Client``) given the ``AdapterSession`` shape, so the pinned client can verify through it.

Agents often already hold an ``mcp`` ``ClientSession`` (1.x, 2.x) or 2.x ``Client``.
``wrap_session`` gives it the ``AdapterSession`` shape the pinned client needs.

Raw fidelity. Both generations hand a request's ``result`` to ``send_request`` as the
decoded JSON object; parity asks for it with a permissive ``result_type`` (a pydantic
``RootModel[dict]``), so tool definitions and call results come back as raw wire JSON,
every field kept, on both generations. What the SDK still does on the way:

* 1.x: nothing to the result. A failed call raises ``McpError`` (code and message only:
  1.x tears an HTTP 429 transport down, so no status and no ``Retry-After``).
* 2.x: ``send_request`` first validates the result against the negotiated protocol
  version's models (``validate_server_result``): a listing with one tool the SDK
  rejects (an ``inputSchema`` without ``"type": "object"``...) fails whole, as
  ``CallFailure("malformed")``, where parity's own session would pin it. Result-level
  fields of a *later* protocol revision than the negotiated one (``ttlMs``,
  ``cacheScope`` on a 2025 session) are dropped; tool definitions themselves are
  untouched. HTTP errors reach parity as a JSON-RPC error (no status, no
  ``Retry-After``): ``CallFailure("jsonrpc_error")``.

Notifications. On 1.x and on 2.x sessions that negotiated a handshake-era version
(``initialize``), ``notifications/tools/list_changed`` reaches only the
``message_handler`` the session was built with: pass a ``ListChangedHandler`` there
(``message_handler(your_own_handler)``). Without one, ``wrap_session`` chains one into
the session's private ``_message_handler`` attribute (both generations read it at every
notification), so an unprepared session is still watched. On 2.x 2026-07-28 sessions
(``server/discover``), change events come only through a ``subscriptions/listen`` stream:
``on_tools_list_changed`` opens one (``Client.listen`` / ``mcp.client.subscriptions.listen``)
in the session's task group, and a listing waits for its acknowledgment, so no change can
fall between the listing and the subscription.
"""

from __future__ import annotations

import contextlib
import inspect
import logging
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Mapping
from typing import Any

import anyio
import anyio.lowlevel

from parity.core.redact import redact, redact_json
from parity.mcp.capabilities import declared_capabilities
from parity.mcp.connection import walk_tools
from parity.mcp.listen import LISTEN_RETRIES, after_drop
from parity.mcp.sdk import SDK_MAJOR
from parity.mcp.session import AdapterSession
from parity.mcp.spec import CallFailure, Listing, excerpt

_log = logging.getLogger(__name__)



def _notification_method(message: Any) -> str | None:
    root = getattr(message, "root", message)  # 1.x wraps notifications in a RootModel
    method = getattr(root, "method", None)
    return method if isinstance(method, str) else None


class ListChangedHandler:
    """A ``message_handler`` for an ``mcp`` ``ClientSession`` or 2.x ``Client`` that calls
    every registered callback on ``notifications/tools/list_changed``, then hands every
    message (that one included) to ``chained``, the agent's own handler, if any::

        handler = ListChangedHandler(my_handler)       # or parity.mcp.sdk_session.message_handler()
        async with ClientSession(read, write, message_handler=handler) as session:
            ...

    Callbacks run inline in the SDK's receive path: they must not wait on the session
    (``wrap_session`` registers callbacks that only mark stale and spawn the re-listing).
    A raising callback is logged, never propagated into the SDK."""

    def __init__(self, chained: Callable[[Any], Awaitable[None]] | None = None) -> None:
        self.chained = chained
        self.callbacks: list[Callable[[], Any]] = []

    def add(self, callback: Callable[[], Any]) -> None:
        """Call ``callback()`` on every ``notifications/tools/list_changed``."""
        self.callbacks.append(callback)

    async def __call__(self, message: Any) -> None:
        if _notification_method(message) == "notifications/tools/list_changed":
            for callback in list(self.callbacks):
                try:
                    outcome = callback()
                    if inspect.isawaitable(outcome):
                        await outcome
                except Exception:
                    _log.exception("tools/list_changed callback raised")
        if self.chained is not None:
            await self.chained(message)
        else:
            await anyio.lowlevel.checkpoint()


def message_handler(chained: Callable[[Any], Awaitable[None]] | None = None,
                    ) -> ListChangedHandler:
    """A ``ListChangedHandler`` to pass as an SDK session's ``message_handler``; ``chained``
    (the agent's own handler) still receives every message."""
    return ListChangedHandler(chained)


_RAW_RESULT: Any = None


def _raw_result_type() -> Any:
    """A pydantic model that takes a result object as it is: ``.root`` is the raw dict."""
    global _RAW_RESULT
    if _RAW_RESULT is None:
        from pydantic import RootModel

        _RAW_RESULT = RootModel[dict[str, Any]]
    return _RAW_RESULT


def _sdk_request(method: str, params: dict[str, Any] | None) -> Any:
    """The SDK's typed request for ``tools/list`` or ``tools/call`` with ``params``."""
    if SDK_MAJOR >= 2:
        import mcp_types as t2

        if method == "tools/list":
            return t2.ListToolsRequest(params=t2.PaginatedRequestParams(**(params or {})))
        return t2.CallToolRequest(params=t2.CallToolRequestParams(**(params or {})))
    import mcp.types as t1

    if method == "tools/list":
        return t1.ClientRequest(t1.ListToolsRequest(  # type: ignore[call-arg,operator,unused-ignore]
            method="tools/list", params=t1.PaginatedRequestParams(**params) if params else None))
    return t1.ClientRequest(t1.CallToolRequest(  # type: ignore[call-arg,operator,unused-ignore]
        method="tools/call", params=t1.CallToolRequestParams(**(params or {}))))


#: what the SDKs raise when the connection is gone (both use code -32000 for it)
_SDK_CLOSED = (-32000, "connection closed")


def _sdk_failure(exc: BaseException, what: str, secrets: tuple[str, ...]) -> CallFailure | None:
    """The ``CallFailure`` for an exception an SDK session raised, or None (not the SDK's)."""
    if isinstance(exc, CallFailure):
        return exc
    error = getattr(exc, "error", None)
    code = getattr(error, "code", None)
    if isinstance(code, int) and type(exc).__name__ in ("McpError", "MCPError",
                                                       "UrlElicitationRequiredError"):
        message = str(getattr(error, "message", "") or exc)
        if (code, message.lower()) == _SDK_CLOSED:
            return CallFailure("unavailable", f"{what}: the connection is closed", sent=True)
        if code in (408, -32001) and "timed out" in message.lower():  # 1.x, 2.x read timeout
            return CallFailure("timeout", redact(f"{what}: {message}", secrets), sent=True)
        return CallFailure("jsonrpc_error", redact(message, secrets), sent=True, code=code,
                           data=redact_json(getattr(error, "data", None), secrets))
    if type(exc).__name__ == "ValidationError" and type(exc).__module__.startswith("pydantic"):
        return CallFailure("malformed", redact(
            f"{what}: the mcp SDK rejected the server's result: "
            f"{excerpt(str(exc), 300)}", secrets), sent=True)
    if isinstance(exc, (anyio.ClosedResourceError, anyio.BrokenResourceError,
                        anyio.EndOfStream)):
        return CallFailure("unavailable", f"{what}: the session's streams are closed",
                           sent=False)
    return None


class SdkSession:
    """An ``mcp`` SDK ``ClientSession`` (1.x, 2.x) or 2.x ``Client`` with the
    ``AdapterSession`` shape: ``server_info``, ``list_tools_raw``, ``call_tool_raw``,
    ``on_tools_list_changed``. Create it with ``wrap_session``; the SDK object stays the
    agent's own (parity never opens or closes it)."""

    def __init__(self, session: Any, *, client: Any = None,
                 handler: ListChangedHandler | None = None, name: str | None = None,
                 server_info: Mapping[str, Any] | None = None, list_timeout: float = 20.0,
                 secrets: Iterable[str] = ()) -> None:
        #: the SDK ``ClientSession``
        self.session = session
        #: the 2.x ``Client`` it belongs to, when one was given
        self.client = client
        self.list_timeout = list_timeout
        self.secrets = tuple(secrets)
        self._server_info = dict(server_info) if server_info is not None else None
        self.name = name or str(self.server_info.get("name") or "server")
        self._handler = handler
        self._callbacks: list[Callable[[], Any]] = []
        #: set once the 2026-07-28 listen stream is acknowledged (or could not be opened)
        self._listen_ready: anyio.Event | None = None

    # identity ------------------------------------------------------------------------

    @property
    def protocol_version(self) -> str | None:
        version = getattr(self.session, "protocol_version", None)  # 2.x
        return version if isinstance(version, str) else None

    @property
    def server_info(self) -> dict[str, Any]:
        """``serverInfo`` as the SDK kept it (2.x; 1.x keeps none unless given to
        ``wrap_session``): used to check the lock's server identity when present."""
        if self._server_info is not None:
            return dict(self._server_info)
        info = getattr(self.session, "server_info", None)  # 2.x: an Implementation or None
        if info is None or not hasattr(info, "model_dump"):
            return {}
        dumped: dict[str, Any] = info.model_dump(by_alias=True, mode="json", exclude_unset=True)
        return dumped

    @property
    def modern(self) -> bool:
        """Whether the session negotiated a 2026-07-28-era version (``server/discover``)."""
        if SDK_MAJOR < 2:
            return False
        from mcp_types.version import MODERN_PROTOCOL_VERSIONS

        return self.protocol_version in MODERN_PROTOCOL_VERSIONS

    # requests ------------------------------------------------------------------------

    async def request_raw(self, method: str, params: dict[str, Any] | None, *,
                          timeout: float) -> dict[str, Any]:
        """``tools/list`` or ``tools/call`` through the SDK session; the raw result dict.
        Raises ``CallFailure``."""
        request = _sdk_request(method, params)
        try:
            with anyio.fail_after(timeout):
                result = await self.session.send_request(request, _raw_result_type())
        except TimeoutError:
            raise CallFailure("timeout", f"no answer to {method} within {timeout:.3g}s",
                              sent=True) from None
        except Exception as exc:
            failure = _sdk_failure(exc, method, self.secrets)
            if failure is None:
                raise
            raise failure from exc
        raw: dict[str, Any] = result.root
        return raw

    async def list_tools_raw(self, *, timeout: float | None = None) -> Listing:
        """Every page of ``tools/list`` as raw wire JSON (``nextCursor`` followed).
        Raises ``CallFailure`` or, for a runaway or malformed listing, ``SourceError``."""
        timeout = self.list_timeout if timeout is None else timeout
        if self._listen_ready is not None and not self._listen_ready.is_set():
            with anyio.move_on_after(timeout):  # list only once changes are subscribed to
                await self._listen_ready.wait()

        async def page(params: dict[str, Any], remaining: float,
                       ) -> tuple[dict[str, Any], bool, None]:  # the SDK read it: proved and
            # counted by no one (the agent's own SDK bounds what it reads)
            return (await self.request_raw("tools/list", params or None, timeout=remaining),
                    False, None)

        tools, rejected = await walk_tools(self.name, page, timeout)
        return Listing(tools=tools, server_info=self.server_info,
                       protocol_version=self.protocol_version, rejected=rejected,
                       client_capabilities=declared_capabilities(self.session),
                       plain_json=True)

    async def call_tool_raw(self, name: str, arguments: Mapping[str, Any] | None, *,
                            timeout: float) -> dict[str, Any]:
        """The raw ``CallToolResult`` dict, secrets redacted (no output-schema validation
        and no input-required driving by the SDK). Raises ``CallFailure``."""
        result = await self.request_raw(
            "tools/call", {"name": name, "arguments": dict(arguments or {})}, timeout=timeout)
        redacted: dict[str, Any] = redact_json(result, self.secrets)
        return redacted

    # change notifications ------------------------------------------------------------

    def _spawn(self, fn: Callable[..., Coroutine[Any, Any, Any]], *args: Any) -> bool:
        # both generations keep the task group their receive loop runs in here
        tg = getattr(self.session, "_task_group", None)
        if tg is None:
            return False
        tg.start_soon(fn, *args)
        return True

    def _fire(self) -> None:
        for callback in list(self._callbacks):
            outcome = callback()  # the synchronous part runs now (the pinned client: stale)
            if inspect.isawaitable(outcome) and not self._spawn(self._await, outcome):
                # no task group to run it in: the pinned client re-verifies on its next call
                with contextlib.suppress(Exception):
                    outcome.close()  # type: ignore[attr-defined]

    @staticmethod
    async def _await(outcome: Awaitable[Any]) -> None:
        try:
            await outcome
        except Exception:  # a listener's bug must not take the session down
            _log.exception("tools/list_changed callback raised")

    def on_tools_list_changed(self, callback: Callable[[], Any]) -> None:
        """Call ``callback()`` on every change of the server's tool list; an awaitable it
        returns runs in the session's task group (never inline in the SDK's receive loop,
        where a request would deadlock on 1.x)."""
        first = not self._callbacks
        self._callbacks.append(callback)
        if not first:
            return
        if self.modern:
            self._listen_ready = anyio.Event()
            if not self._spawn(self._listen):
                self._listen_ready.set()
                _log.warning("cannot subscribe to tool changes: the session is not entered")
            return
        handler = self._find_handler()
        if handler is None:
            _log.warning("cannot watch tools/list_changed: pass parity.mcp.sdk_session."
                         "message_handler() as the session's message_handler")
            return
        handler.add(self._fire)

    def _find_handler(self) -> ListChangedHandler | None:
        if self._handler is not None:
            return self._handler
        for owner, attr in ((self.client, "message_handler"), (self.session, "_message_handler")):
            found = getattr(owner, attr, None) if owner is not None else None
            if isinstance(found, ListChangedHandler):
                self._handler = found
                return found
        current = getattr(self.session, "_message_handler", None)
        if not callable(current):
            return None
        # the session was built without our handler: chain one in front of its own
        self._handler = ListChangedHandler(current)
        self.session._message_handler = self._handler
        return self._handler

    async def _listen(self) -> None:
        """Hold a ``subscriptions/listen`` stream for tool changes (2026-07-28 sessions);
        re-listen after a drop, and re-verify then (no replay: a change may be lost)."""
        ready = self._listen_ready
        if ready is None:  # on_tools_list_changed creates it before spawning this task
            return
        losses = 0
        while losses < LISTEN_RETRIES:
            opened = anyio.current_time()
            try:
                async with self._open_listen() as subscription:
                    if losses:
                        self._fire()  # missed events cannot be replayed: re-verify
                    ready.set()
                    async for _event in subscription:
                        self._fire()
                return  # the server closed the stream gracefully
            except Exception as exc:
                if type(exc).__name__ != "SubscriptionLost":
                    ready.set()
                    _log.warning("cannot subscribe to tool changes of %s: %s", self.name,
                                 redact(str(exc), self.secrets))
                    return
            self._fire()
            losses = await after_drop(losses, opened)
        ready.set()
        _log.warning("gave up re-subscribing to tool changes of %s after %d drops", self.name,
                     LISTEN_RETRIES)

    def _open_listen(self) -> contextlib.AbstractAsyncContextManager[Any]:
        if self.client is not None:
            return self.client.listen(tools_list_changed=True)  # type: ignore[no-any-return]
        from mcp.client.subscriptions import listen

        return listen(self.session, tools_list_changed=True)


def wrap_session(obj: Any, *, handler: ListChangedHandler | None = None,
                 name: str | None = None, server_info: Mapping[str, Any] | None = None,
                 list_timeout: float = 20.0, secrets: Iterable[str] = ()) -> Any:
    """The agent's own ``mcp`` session, shaped like ``AdapterSession`` for
    ``parity.runtime.client.verify_tools`` and ``PinnedClient``.

    ``obj``: an entered and initialized ``ClientSession`` (1.x or 2.x) or an entered 2.x
    ``Client``; an ``AdapterSession`` or ``SdkSession`` is returned as it is.
    ``handler``: the ``ListChangedHandler`` the session was built with (found by itself when
    it is the session's or the ``Client``'s ``message_handler``). ``server_info``: the
    ``initialize`` result's ``serverInfo``, for the lock's identity check (1.x sessions do
    not keep it). ``secrets``: values redacted from call results and messages.
    Raises ``TypeError`` for anything else."""
    if isinstance(obj, (AdapterSession, SdkSession)) or hasattr(obj, "list_tools_raw"):
        return obj
    client = None
    session = obj
    if SDK_MAJOR >= 2:
        from mcp.client.client import Client

        if isinstance(obj, Client):
            client, session = obj, obj.session  # RuntimeError if not entered
    from mcp.client.session import ClientSession

    if not isinstance(session, ClientSession):
        raise TypeError(f"cannot verify tools through a {type(obj).__name__}: give an mcp "
                        "ClientSession, an mcp Client (2.x) or a parity.mcp.session session "
                        "(open_session)")
    return SdkSession(session, client=client, handler=handler, name=name,
                      server_info=server_info, list_timeout=list_timeout, secrets=secrets)


