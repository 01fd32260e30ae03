"""Streamable HTTP through the SDK's own client transport (``streamable_http_client``).

The SDK speaks the protocol: POSTs, JSON or SSE answers, the ``Mcp-Session-Id`` and
``Mcp-Protocol-Version`` headers, the GET stream for notifications, event ids, retry and
resumption, the DELETE on close. What it does not keep is recorded at the one place the SDK
lets a client in: the ``httpx`` transport of the client it is given
(``parity.mcp.http_recorder.Recorder``):

* the HTTP status, ``Retry-After`` and a JSON-RPC error in the body of a failed POST: the
  SDK turns them into a bare -32603 (2.x) or ends the whole transport with
  ``HTTPStatusError`` (1.x, ``StreamableHTTPTransport._handle_post_request`` calls
  ``raise_for_status``). The recorder keeps them per JSON-RPC id and hands the SDK a
  JSON-RPC error for that id instead, so the session survives on both generations;
* a connection that could not be made (the request was never sent);
* a redirect the SDK does not follow (another origin, a method changed, past
  ``MAX_REDIRECTS``), with where it leads; one it follows (``stream_within_origin``: a
  trailing-slash 307 within the origin) is handed to it as it came;
* a JSON body that is not JSON (1.x hands the session an exception with no id), a 202
  answering a request, and an event stream that ended before its response (1.x ends the
  POST silently; 2.x says so with -32000).

A request's failure is then the recorded one, whatever the SDK made of it.
"""

from __future__ import annotations

import sys
from typing import Any

import anyio
import anyio.abc
import anyio.lowlevel

from parity.core.jsonio import unrepresentable
from parity.mcp.http_recorder import MAX_REDIRECTS, Recorder, watch_sdk_log
from parity.mcp.sdk import SDK_MAJOR, http_module, json_depth_limit
from parity.mcp.spec import (
    DEEP_HINT,
    MAX_MESSAGE_BYTES,
    CallFailure,
    ServerSpec,
    too_deep,
)
from parity.mcp.transports import SdkStreamTransport

if sys.version_info < (3, 11):  # pragma: no cover
    from exceptiongroup import BaseExceptionGroup  # type: ignore[import-not-found,unused-ignore]

#: proved results kept for answers not handed on yet (``HttpTransport.proved_body``): more
#: only when the SDK never handed some on; forgetting them costs a second proof, no more
_PROVED_KEPT = 16


class HttpTransport(SdkStreamTransport):
    """Streamable HTTP on the SDK's client transport, with ``Recorder`` in its HTTP client."""

    def __init__(self, spec: ServerSpec) -> None:
        super().__init__()
        self.spec = spec
        self.http = http_module()
        self.recorded: dict[int, CallFailure] = {}
        #: requests whose SSE answer has ended
        self.ended: set[int] = set()
        #: why an event of the current answer could not be parsed by the SDK (the event
        #: quoted; ``_SseParseFailures``)
        self.unparsed: str | None = None
        #: request id -> the result its JSON body was proved to hold, until the SDK's reading
        #: of it is handed on (``proved_already``)
        self.proved_results: dict[int, Any] = {}
        #: request id -> the bytes its answer took so far (a body, or an event stream's
        #: chunks), until the answer is handed on (``MAX_LISTING_BYTES``)
        self.sizes: dict[int, int] = {}
        self.stopped = anyio.Event()
        self.finished = anyio.Event()

    def proved_body(self, request_id: int, value: Any) -> None:
        """Keep the result of the answer to ``request_id`` whose JSON body ``value`` was
        proved clean (``proved_loads``), for ``proved_already``."""
        if value.__class__ is dict and value.get("id") == request_id and (
                value.get("result").__class__ is dict):
            if len(self.proved_results) >= _PROVED_KEPT:  # answers the SDK never handed on
                self.proved_results.clear()
            self.proved_results[request_id] = value["result"]

    def counted(self, request_id: int, size: int) -> None:
        """Count ``size`` more bytes of the answer to ``request_id``."""
        if request_id not in self.sizes and len(self.sizes) >= _PROVED_KEPT:
            self.sizes.clear()  # answers never handed on: their count is not needed
        self.sizes[request_id] = self.sizes.get(request_id, 0) + size

    def proved_already(self, message: Any) -> bool:
        """Whether ``message`` is an answer whose result equals the one its JSON body was
        proved to hold: clean JSON, not to be proved again (``_as_sent``: about 20 ms for a
        500-tool listing; the comparison, 4 ms). Equality, not the id alone: a server may
        send an answer with the same id by another way (an event stream), and NaN equals
        nothing, while nothing equal to a proved value holds an infinity, an unsafe integer
        or a lone surrogate."""
        message = getattr(message, "root", message)  # 1.x: a RootModel around the message
        request_id = getattr(message, "id", None)
        if request_id.__class__ is not int or not self.proved_results:
            return False
        expected = self.proved_results.pop(request_id, None)
        return expected is not None and getattr(message, "result", None) == expected

    def take_unreadable(self, message: Any) -> bool:
        """Hand ``message`` (parsed by parity) to the connection itself, and say so, when it
        holds a value the SDK would refuse (a huge integer, a lone surrogate) or change (NaN
        and the infinities become ``null``): the connection then names the tool and the JSON
        pointer, where the SDK would fail the whole message or pin a value never sent."""
        if unrepresentable(message) is None:
            return False
        self.conn.deliver(message)
        return True

    def record(self, request_id: int, failure: CallFailure) -> None:
        """Keep what the SDK will not pass on about request ``request_id``."""
        self.recorded.setdefault(request_id, failure)

    def stream_ended(self, request_id: int) -> None:
        """The SSE answer to ``request_id`` ended: if its response was not in it, it never
        comes (the SDK hands every event over before reading further, so a short pause for
        the reader is enough)."""
        self.ended.add(request_id)
        if self.tg is not None:
            self.tg.start_soon(self._check_answered, request_id)

    async def _check_answered(self, request_id: int) -> None:
        for _ in range(20):  # let the reader deliver what the SDK already handed over
            await anyio.lowlevel.checkpoint()
        with anyio.move_on_after(0.2):
            pending = self.conn.pending.get(request_id)
            while pending is not None and not pending.event.is_set():
                await anyio.sleep(0.01)
        self._truncated(request_id)

    def _truncated(self, request_id: int) -> None:
        self.fail_now(request_id, CallFailure(
            "malformed", "the event stream ended before the response (truncated)", sent=True))

    def fail_now(self, request_id: int, failure: CallFailure) -> None:
        """Fail request ``request_id`` with ``failure`` (unless recorded otherwise already),
        whatever the SDK makes of the rest of its answer."""
        self.record(request_id, failure)
        self._settle(request_id)

    def _settle(self, request_id: int) -> None:
        failure = self.recorded.get(request_id)
        if failure is not None:
            self.conn.fail(request_id, failure)

    def on_message(self, message: dict[str, Any], *, proved: bool = False) -> None:
        request_id = message.get("id")
        if "error" in message and isinstance(request_id, int):
            if self.unparsed is not None and _is_parse_error(message["error"]):
                # 2.x answers an event it cannot parse with its own -32700 for the request:
                # the server sent malformed data, it did not answer with an error
                unparsed, self.unparsed = self.unparsed, None
                deep = unparsed == too_deep(json_depth_limit())
                self.record(request_id, CallFailure("malformed", self.conn.r(unparsed),
                                                    sent=True, hint=DEEP_HINT if deep else None))
            if request_id in self.recorded:
                self._settle(request_id)
                return
            if request_id in self.ended:  # 2.x: -32000 for a stream without the response
                self._truncated(request_id)
                return
        size = self.sizes.pop(request_id, None) if request_id.__class__ is int else None
        self.conn.deliver(message, proved=proved, size=size)

    async def start(self, tg: anyio.abc.TaskGroup) -> None:
        self.tg = tg
        await tg.start(self._run)

    async def _run(self, *, task_status: anyio.abc.TaskStatus[None]) -> None:
        from mcp.client.streamable_http import streamable_http_client

        watch_sdk_log()

        url = self.spec.url
        if not url:
            raise CallFailure("unavailable", "no URL to connect to", sent=False)
        http = self.http
        timeout = http.Timeout(connect=self.spec.start_timeout, read=None, write=30.0,
                               pool=30.0)
        # 2.x bounds one SSE event at 1 MiB by default: a large tools/list page is legitimate
        limits: dict[str, Any] = {"max_sse_event_size": MAX_MESSAGE_BYTES} if SDK_MAJOR >= 2 else {}
        reason = "the server closed the connection"
        started = False
        try:
            async with http.AsyncClient(headers=dict(self.spec.headers), timeout=timeout,
                                        max_redirects=MAX_REDIRECTS,
                                        transport=Recorder(http, self)) as client, \
                    streamable_http_client(url, http_client=client, **limits) as streams:
                self.attach(streams[0], streams[1])
                started = True
                task_status.started()
                async with anyio.create_task_group() as inner:
                    inner.start_soon(self.pump)
                    await self.stopped.wait()
                    inner.cancel_scope.cancel()
        except Exception as exc:  # the SDK's transport ended (1.x: a transport error)
            reason = self.conn.r(f"the HTTP transport ended: {_first_line(exc)}")
        finally:
            for request_id in list(self.conn.pending):
                self._settle(request_id)
            self.conn.connection_lost(reason)
            self.finished.set()
            if not started:
                task_status.started()

    async def close(self) -> None:
        self.stopped.set()
        with anyio.CancelScope(shield=True), anyio.move_on_after(5.0):
            await self.finished.wait()


def _is_parse_error(error: Any) -> bool:
    """The SDK's own error for an event it could not parse (2.x: -32700, its words)."""
    return isinstance(error, dict) and error.get("code") == -32700 and str(
        error.get("message", "")).startswith("Failed to parse SSE message")


def _first_line(exc: BaseException) -> str:
    inner: BaseException = exc
    while isinstance(inner, BaseExceptionGroup) and inner.exceptions:
        inner = inner.exceptions[0]
    return f"{type(inner).__name__}: {inner}".splitlines()[0]

