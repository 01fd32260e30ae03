"""parity's thin JSON-RPC layer: request/response matching, notifications, server requests
and ``tools/list`` pagination, over any transport. Results stay raw dicts exactly as sent,
so the lock's hashes are those of the wire JSON.

Pagination follows the MCP spec: a *missing or null* ``nextCursor`` ends the listing; any
string, including ``""``, is an opaque cursor to send back. A cursor seen twice, or more than
``MAX_PAGES`` pages, is a ``SourceError``.
"""

from __future__ import annotations

import contextlib
import inspect
import json
import logging
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from typing import Any, Protocol

import anyio
import anyio.abc

from parity.core.jsonio import unrepresentable
from parity.core.redact import redact, redact_json
from parity.errors import SourceError
from parity.mcp.spec import CallFailure, excerpt

_log = logging.getLogger(__name__)

#: Most ``tools/list`` pages followed before the listing is called a runaway.
MAX_PAGES = 1000
#: the most requests of the server (a ping, ``roots/list``) answered at once: a server that
#: sends more while it reads none of the answers floods the connection, each answer a task
#: waiting on the write (a million of them outlived every timeout)
MAX_ANSWERING = 64


class Sender(Protocol):
    """What the connection needs of a transport: writing one message."""

    async def send(self, message: dict[str, Any], pending: Pending | None) -> None: ...


class Pending:
    def __init__(self) -> None:
        self.event = anyio.Event()
        self.sent = False
        self.result: dict[str, Any] | None = None
        self.failure: CallFailure | None = None
        #: the transport proved ``result`` holds nothing ``unrepresentable`` finds
        self.proved = False
        #: the HTTP headers the request goes with (``Connection.stamp``)
        self.headers: dict[str, str] | None = None

    def settle(self, result: dict[str, Any] | None = None,
               failure: CallFailure | None = None, *, proved: bool = False) -> None:
        if self.event.is_set():
            return
        self.result, self.failure, self.proved = result, failure, proved
        self.event.set()


class Connection:
    """Request/response correlation, notifications and server requests over one transport."""

    def __init__(self, transport: Sender, secrets: tuple[str, ...]) -> None:
        self.transport = transport
        self.secrets = secrets
        self.pending: dict[int, Pending] = {}
        self.next_id = 0
        self.tg: anyio.abc.TaskGroup | None = None
        self.listeners: dict[str, list[Callable[[Mapping[str, Any] | None], Any]]] = {}
        #: the last thing the server wrote that was not a JSON-RPC message
        self.garbage: str | None = None
        self.lost: str | None = None
        #: the listeners' awaitables running (``stop_listeners``)
        self.listening: set[anyio.CancelScope] = set()
        #: the server's requests being answered (``MAX_ANSWERING`` at most)
        self.answering = 0
        #: what each request is stamped with before it is sent, returning the HTTP headers
        #: it goes with (a 2026-era session's: ``parity.mcp.era.Stamp``)
        self.stamp: Callable[[dict[str, Any]], dict[str, str] | None] | None = None

    def r(self, text: str) -> str:
        return redact(text, self.secrets)

    # called by transports --------------------------------------------------------------

    def deliver(self, message: Any, *, proved: bool = False) -> None:
        """One decoded JSON value from the server (``proved``: the transport proved it holds
        nothing ``unrepresentable`` finds, in C as it read it, so a listing is not walked
        again for such values)."""
        if isinstance(message, list):  # a JSON-RPC batch (2025-03-26 servers may send them)
            for item in message:
                self.deliver(item, proved=proved)
            return
        if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
            self.note_garbage(json.dumps(message)[:200])
            return
        if "method" in message:
            if "id" in message:
                if self.answering >= MAX_ANSWERING:  # a flood: its answers cannot be written
                    self.note_garbage(f"more than {MAX_ANSWERING} requests of the server "
                                      "unanswered at once")
                    return
                if self.spawn(self._answer_server_request, message):
                    self.answering += 1  # before the task runs: it counts itself down
            else:
                self._notify(message["method"], message.get("params"))
            return
        request_id = message.get("id")
        if request_id.__class__ not in (int, str, float, type(None)):  # JSON-RPC's id types
            self.note_garbage(f"response with an id that is not a string or number: "
                              f"{json.dumps(message)[:200]}")
            return
        pending = self.pending.get(request_id)  # type: ignore[arg-type]
        if pending is None:
            if request_id is None and "error" in message:
                # the server could not parse something we sent: no id to correlate with
                self.note_garbage(f"error without id: {json.dumps(message.get('error'))[:200]}")
            return
        if "error" in message and "result" not in message:
            error = message["error"]
            if not isinstance(error, dict) or not isinstance(error.get("code"), int):
                pending.settle(failure=CallFailure(
                    "malformed",
                    self.r(f"error response without a code: {excerpt(json.dumps(error))}"),
                    sent=True))
                return
            pending.settle(failure=CallFailure(
                "jsonrpc_error", self.r(str(error.get("message", ""))), sent=True,
                code=error["code"], data=redact_json(error.get("data"), self.secrets)))
        elif isinstance(message.get("result"), dict) and "error" not in message:
            pending.settle(result=message["result"], proved=proved)
        else:
            pending.settle(failure=CallFailure(
                "malformed", self.r("response is neither a result object nor an error: "
                                    + excerpt(json.dumps(message))), sent=True))

    def note_garbage(self, text: str) -> None:
        self.garbage = self.r(excerpt(text))

    def fail(self, request_id: int, failure: CallFailure) -> None:
        pending = self.pending.get(request_id)
        if pending is not None:
            pending.settle(failure=failure)

    def connection_lost(self, reason: str, *, kind: str = "unavailable") -> None:
        self.lost = self.r(reason)
        for pending in list(self.pending.values()):
            k = kind
            if self.garbage is not None and pending.sent:
                k, why = "malformed", f"{self.lost}; the server wrote {self.garbage!r}"
            else:
                why = self.lost
            pending.settle(failure=CallFailure(k, why, sent=pending.sent))

    def spawn(self, fn: Callable[..., Coroutine[Any, Any, Any]], *args: Any) -> bool:
        """Start ``fn(*args)`` in the connection's task group; whether it was started (not
        before the connection runs, nor after it closed)."""
        if self.tg is None:
            return False
        self.tg.start_soon(fn, *args)
        return True

    # requests --------------------------------------------------------------------------

    async def request(self, method: str, params: Mapping[str, Any] | None, *,
                      timeout: float) -> dict[str, Any]:
        return (await self.request_proved(method, params, timeout=timeout))[0]

    async def request_proved(self, method: str, params: Mapping[str, Any] | None, *,
                             timeout: float) -> tuple[dict[str, Any], bool]:
        """``request``'s result, and whether the transport proved it holds nothing
        ``unrepresentable`` finds (``deliver``)."""
        if self.lost is not None:
            raise CallFailure("unavailable", self.lost, sent=False)
        self.next_id += 1
        request_id = self.next_id
        pending = Pending()
        self.pending[request_id] = pending
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = dict(params)
        if self.stamp is not None:
            pending.headers = self.stamp(message)
        garbage_before = self.garbage
        try:
            with anyio.move_on_after(timeout) as scope:
                await self.transport.send(message, pending)
                await pending.event.wait()
            if scope.cancelled_caught and not pending.event.is_set():
                if pending.sent:
                    self.spawn(self._cancel, request_id)
                if self.garbage is not None and self.garbage != garbage_before:
                    raise CallFailure("malformed", f"no valid answer to {method} within "
                                      f"{timeout:.3g}s; the server wrote {self.garbage!r}",
                                      sent=pending.sent)
                if pending.sent:
                    raise CallFailure("timeout", f"no answer to {method} within {timeout:.3g}s",
                                      sent=True)
                raise CallFailure("unavailable", f"could not send {method} within {timeout:.3g}s",
                                  sent=False)
        finally:
            self.pending.pop(request_id, None)
        if pending.failure is not None:
            raise pending.failure
        if pending.result is None:  # settled without either: a bug in a transport
            raise CallFailure("malformed", f"no result for {method}", sent=pending.sent)
        return pending.result, pending.proved

    async def notify(self, method: str, params: Mapping[str, Any] | None = None) -> None:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = dict(params)
        await self.transport.send(message, None)

    async def _cancel(self, request_id: int) -> None:
        # courtesy only: the spec lets a client abandon a request it gave up on
        with anyio.move_on_after(1.0), contextlib.suppress(Exception):
            await self.notify("notifications/cancelled",
                              {"requestId": request_id, "reason": "timeout"})

    async def _answer_server_request(self, message: dict[str, Any]) -> None:
        method = message.get("method")
        reply: dict[str, Any] = {"jsonrpc": "2.0", "id": message.get("id")}
        if method == "ping":
            reply["result"] = {}
        elif method == "roots/list":
            reply["result"] = {"roots": []}
        elif method == "elicitation/create":
            reply["result"] = {"action": "decline"}  # declared only to list what a client sees
        else:
            reply["error"] = {"code": -32601, "message": f"parity does not handle {method}"}
        try:
            with anyio.move_on_after(5.0), contextlib.suppress(Exception):
                await self.transport.send(reply, None)
        finally:
            self.answering -= 1

    def _notify(self, method: str, params: Any) -> None:
        # a listener's synchronous part runs now, before the next message is read (the pinned
        # client is stale before a call's answer that follows); only an awaitable it returns
        # gets a task, so a burst of notifications is not a burst of tasks
        for callback in self.listeners.get(method, ()):
            try:
                outcome = callback(params)
            except Exception:  # a listener's bug must not take the connection down
                _log.exception("notification listener raised")
                continue
            if inspect.isawaitable(outcome) and not self.spawn(self._run_listener, outcome):
                getattr(outcome, "close", lambda: None)()  # closing: it will never run

    async def _run_listener(self, outcome: Awaitable[Any]) -> None:
        with anyio.CancelScope() as scope:
            self.listening.add(scope)
            try:
                await outcome
            except Exception:
                _log.exception("notification listener raised")
            finally:
                self.listening.discard(scope)

    def stop_listeners(self) -> None:
        """Cancel, quietly, what listeners still run: the session closes, and a re-listing
        would only fail writing to a closed connection."""
        for scope in list(self.listening):
            scope.cancel()



def malformed_value(definition: Mapping[str, Any]) -> str | None:
    """Why a listed definition is a malformed response, by the values in it, or None: one it
    holds that canonical JSON cannot carry (NaN, an infinity, an integer beyond +-(2**53 - 1),
    a lone surrogate) could be neither hashed nor pinned, so the tool is rejected by name."""
    found = unrepresentable(definition)
    if found is None:
        return None
    pointer, what = found
    return f"malformed response: {what} at {pointer}"


#: one ``tools/list`` page: its result, and whether the transport proved it holds nothing
#: ``unrepresentable`` finds (``Connection.request_proved``)
Page = Callable[[dict[str, Any], float], Awaitable[tuple[Mapping[str, Any], bool]]]


async def walk_tools(server: str, page: Page, timeout: float,
                     ) -> tuple[list[dict[str, Any]], list[tuple[str, str]]]:
    """Every page of ``tools/list`` through ``page(params, remaining_seconds)``: the raw
    definitions and the ones that could not be read. ``timeout`` bounds the whole walk. A
    page its transport proved clean is not looked at again for values canonical JSON cannot
    carry (``malformed_value``: a tenth of connecting to a 500-tool server in process)."""
    deadline = anyio.current_time() + timeout
    tools: list[dict[str, Any]] = []
    rejected: list[tuple[str, str]] = []
    names: set[str] = set()
    seen: set[str] = set()
    cursor: str | None = None
    index = 0
    for number in range(MAX_PAGES + 1):
        if number == MAX_PAGES:
            raise SourceError(f"server {server!r}: tools/list did not end after "
                              f"{MAX_PAGES} pages", hint="the server's pagination never "
                              "stops; fix its nextCursor")
        params = {} if cursor is None else {"cursor": cursor}
        result, proved = await page(params, max(0.0, deadline - anyio.current_time()))
        page_tools = result.get("tools")
        if not isinstance(page_tools, list):
            raise SourceError(f"server {server!r}: tools/list page {number + 1} has "
                              f"no `tools` list", hint="the server's tools/list result is "
                              "malformed")
        for definition in page_tools:
            index += 1
            if not isinstance(definition, dict):
                rejected.append((f"#{index}", f"not a JSON object "
                                 f"({type(definition).__name__})"))
                continue
            name = definition.get("name")
            if not isinstance(name, str) or not name:
                rejected.append((f"#{index}", "no string `name`"))
                continue
            if name in names:
                rejected.append((name, "listed twice; the first definition is kept"))
                continue
            problem = None if proved else malformed_value(definition)
            if problem is not None:
                rejected.append((name, problem))
                continue
            names.add(name)
            tools.append(definition)
        next_cursor = result.get("nextCursor")
        if next_cursor is None:  # missing or null ends the listing; "" does not
            break
        if not isinstance(next_cursor, str):
            raise SourceError(f"server {server!r}: nextCursor is not a string "
                              f"({next_cursor!r})", hint="a cursor is an opaque string")
        if next_cursor in seen:
            raise SourceError(f"server {server!r}: tools/list cursor "
                              f"{next_cursor!r} came back again after {number + 1} pages "
                              "(a pagination loop)", hint="fix the server's nextCursor")
        seen.add(next_cursor)
        cursor = next_cursor
    return tools, rejected


