"""parity's thin JSON-RPC layer: request/response matching, notifications, server requests
and ``tools/list`` pagination, over any transport. Results stay raw dicts exactly as sent,
so the lock's hashes are those of the wire JSON.

Pagination follows the MCP spec: a *missing or null* ``nextCursor`` ends the listing; any
string, including ``""``, is an opaque cursor to send back. A cursor seen twice, more than
``MAX_PAGES`` pages or ``MAX_LISTING_BYTES`` bytes, is a ``SourceError``.
"""

from __future__ import annotations

import contextlib
import hashlib
import inspect
import json
import logging
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from typing import Any, Protocol

import anyio
import anyio.abc

from parity.core.jsonio import unrepresentable
from parity.core.redact import redact, redact_json
from parity.core.terminal import clipped, printable
from parity.errors import SourceError
from parity.mcp.sdk import coerce_request_id
from parity.mcp.spec import MAX_MESSAGE_BYTES, CallFailure, excerpt

_log = logging.getLogger(__name__)

#: Most ``tools/list`` pages followed before the listing is called a runaway.
MAX_PAGES = 1000
#: Most bytes a whole ``tools/list`` may take, every page and cursor together: a bound on
#: the listing as ``MAX_MESSAGE_BYTES`` is on one message (18 pages of 60 MB cursors took
#: 1.26 GB of memory)
MAX_LISTING_BYTES = 4 * MAX_MESSAGE_BYTES
#: the most characters of a cursor a message shows
_CURSOR_SHOWN = 200
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
        #: the bytes the answer took on the wire, when its transport counted them
        self.size: int | None = None

    def settle(self, result: dict[str, Any] | None = None,
               failure: CallFailure | None = None, *, proved: bool = False,
               size: int | None = None) -> None:
        if self.event.is_set():
            return
        self.result, self.failure, self.proved, self.size = result, failure, proved, size
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

    def deliver(self, message: Any, *, proved: bool = False, size: int | None = None) -> None:
        """One decoded JSON value from the server (``proved``: the transport proved it holds
        nothing ``unrepresentable`` finds, in C as it read it, so a listing is not walked
        again for such values; ``size``: the bytes it took, when the transport counted
        them, for the bound on a whole listing, ``MAX_LISTING_BYTES``)."""
        if isinstance(message, list):  # a JSON-RPC batch (2025-03-26 servers may send them)
            for item in message:  # each answer counted at the size of the whole batch
                self.deliver(item, proved=proved, size=size)
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
        if request_id.__class__ is str:  # "7" answers request 7, as the SDK correlates it
            request_id = coerce_request_id(request_id)
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
            pending.settle(result=message["result"], proved=proved, size=size)
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
                             timeout: float) -> tuple[dict[str, Any], bool, int | None]:
        """``request``'s result, whether the transport proved it holds nothing
        ``unrepresentable`` finds, and the bytes it took when counted (``deliver``)."""
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
        return pending.result, pending.proved, pending.size

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


#: one ``tools/list`` page: its result, whether the transport proved it holds nothing
#: ``unrepresentable`` finds, and the bytes it took when the transport counted them
#: (``Connection.request_proved``)
Page = Callable[[dict[str, Any], float],
                Awaitable[tuple[Mapping[str, Any], bool, int | None]]]


def _cursor_shown(cursor: str) -> str:
    """A cursor for a message: cut, control characters shown (a server's 5 MB cursor was
    echoed whole)."""
    return repr(printable(clipped(cursor, limit=_CURSOR_SHOWN, keep=_CURSOR_SHOWN - 40)))


def _json_kind(value: Any) -> str:
    return {dict: "an object", list: "an array", bool: "a boolean", int: "a number",
            float: "a number"}.get(type(value), type(value).__name__)


async def walk_tools(server: str, page: Page, timeout: float,
                     ) -> tuple[list[dict[str, Any]], list[tuple[str, str]]]:
    """Every page of ``tools/list`` through ``page(params, remaining_seconds)``: the raw
    definitions and the ones that could not be read. ``timeout`` bounds the whole walk, and
    ``MAX_LISTING_BYTES`` the bytes of all its pages (cursors included; a page whose size
    no transport counted, read in process or by the agent's own SDK, counts its cursor). A
    page its transport proved clean is not looked at again for values canonical JSON cannot
    carry (``malformed_value``: a tenth of connecting to a 500-tool server in process).
    The cursors seen are kept as digests, to find a loop without keeping their text."""
    deadline = anyio.current_time() + timeout
    tools: list[dict[str, Any]] = []
    rejected: list[tuple[str, str]] = []
    names: set[str] = set()
    seen: set[bytes] = set()
    cursor: str | None = None
    index = total = 0
    for number in range(MAX_PAGES + 1):
        if number == MAX_PAGES:
            raise SourceError(f"server {server!r}: tools/list did not end after "
                              f"{MAX_PAGES} pages", hint="the server's pagination never "
                              "stops; fix its nextCursor")
        params = {} if cursor is None else {"cursor": cursor}
        remaining = deadline - anyio.current_time()
        if remaining <= 0:
            raise _listing_timeout(timeout, number, sent=False)
        try:
            result, proved, size = await page(params, remaining)
        except CallFailure as exc:
            if anyio.current_time() >= deadline and (
                    exc.kind == "timeout" or (exc.kind == "unavailable" and not exc.sent)):
                raise _listing_timeout(timeout, number, sent=exc.sent) from None
            raise
        page_tools = result.get("tools")
        if not isinstance(page_tools, list):
            raise SourceError(f"server {server!r}: tools/list page {number + 1} has "
                              f"no `tools` list", hint="the server's tools/list result is "
                              "malformed")
        next_cursor = result.get("nextCursor")
        total += size if size is not None else (
            len(next_cursor) if isinstance(next_cursor, str) else 0)
        if total > MAX_LISTING_BYTES:
            raise SourceError(f"server {server!r}: tools/list took more than "
                              f"{MAX_LISTING_BYTES:,} bytes in {number + 1} pages (its "
                              "cursors included); parity reads no more of it",
                              hint="a listing that large is a runaway: fix the server's "
                                   "pages or nextCursor")
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
        if next_cursor is None:  # missing or null ends the listing; "" does not
            break
        if not isinstance(next_cursor, str):
            raise SourceError(f"server {server!r}: tools/list page {number + 1}: nextCursor "
                              f"is {_json_kind(next_cursor)}, not a string",
                              hint="a cursor is an opaque string; fix the server's nextCursor")
        digest = hashlib.sha256(next_cursor.encode("utf-8", "surrogatepass")).digest()
        if digest in seen:
            raise SourceError(f"server {server!r}: tools/list cursor "
                              f"{_cursor_shown(next_cursor)} came back again after "
                              f"{number + 1} pages (a pagination loop)",
                              hint="fix the server's nextCursor")
        seen.add(digest)
        cursor = next_cursor
    return tools, rejected


def _listing_timeout(timeout: float, pages: int, *, sent: bool) -> CallFailure:
    """The whole listing ran past its bound (``list_timeout``): said of the listing, with
    the pages read, not of the page it was waiting for (whose own deadline was what little
    was left: "no answer to tools/list within 0.316s")."""
    return CallFailure("timeout", f"tools/list did not finish within list_timeout="
                       f"{timeout:g}s ({pages} {'page' if pages == 1 else 'pages'} read)",
                       sent=sent)
