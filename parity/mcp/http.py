"""Streamable HTTP through the SDK's own client transport (``streamable_http_client``).

The SDK speaks the protocol: POSTs, JSON or SSE answers, the ``Mcp-Session-Id`` and
``Mcp-Protocol-Version`` headers, the GET stream for notifications, event ids, retry and
resumption, the DELETE on close. What it does not keep is recorded at the one place the SDK
lets a client in: the ``httpx`` transport of the client it is given (``_Recorder``):

* the HTTP status, ``Retry-After`` and a JSON-RPC error in the body of a failed POST: the
  SDK turns them into a bare -32603 (2.x) or ends the whole transport with
  ``HTTPStatusError`` (1.x, ``StreamableHTTPTransport._handle_post_request`` calls
  ``raise_for_status``). The recorder keeps them per JSON-RPC id and hands the SDK a
  JSON-RPC error for that id instead, so the session survives on both generations;
* a connection that could not be made (the request was never sent);
* a JSON body that is not JSON (1.x hands the session an exception with no id), a 202
  answering a request, and an event stream that ended before its response (1.x ends the
  POST silently; 2.x says so with -32000).

A request's failure is then the recorded one, whatever the SDK made of it.
"""

from __future__ import annotations

import codecs
import contextlib
import contextvars
import json
import logging
import sys
from collections.abc import AsyncIterator
from typing import Any

import anyio
import anyio.abc
import anyio.lowlevel

from parity.core.jsonio import NOT_PROVED, parse, proved_loads, unrepresentable
from parity.core.redact import redact_json
from parity.mcp.sdk import SDK_MAJOR, http_module
from parity.mcp.spec import (
    MAX_MESSAGE_BYTES,
    CallFailure,
    ServerSpec,
    excerpt,
    retry_after_seconds,
)
from parity.mcp.transports import SdkStreamTransport, read_at_most

if sys.version_info < (3, 11):  # pragma: no cover
    from exceptiongroup import BaseExceptionGroup  # type: ignore[import-not-found,unused-ignore]

#: Largest error body read to explain a failed POST (bytes).
MAX_ERROR_BODY = 65536
#: proved results kept for answers not handed on yet (``HttpTransport.proved_body``): more
#: only when the SDK never handed some on; forgetting them costs a second proof, no more
_PROVED_KEPT = 16


def _request_id(request: Any) -> int | None:
    """The JSON-RPC id of a POSTed request (not of a notification or a reply we send)."""
    if request.method != "POST":
        return None
    with contextlib.suppress(ValueError, TypeError):
        message = json.loads(request.content)
        if isinstance(message, dict) and "method" in message and isinstance(
                message.get("id"), int):
            return int(message["id"])
    return None


class _Recorder:
    """An ``httpx`` transport around the real one: records, per JSON-RPC request id, what
    the SDK's HTTP client would lose (see the module docstring)."""

    def __init__(self, http: Any, transport: HttpTransport) -> None:
        self.http = http
        self.inner = http.AsyncHTTPTransport()
        self.owner = transport

    async def handle_async_request(self, request: Any) -> Any:
        # the SDK reads the answer in this same task: its log filter finds the transport
        _CURRENT.set(self.owner)
        request_id = _request_id(request)
        http = self.http
        try:
            response = await self.inner.handle_async_request(request)
        except (http.ConnectError, http.ConnectTimeout) as exc:
            if request_id is not None:
                url = self.owner.spec.url
                self.owner.record(request_id, CallFailure("unavailable", self.owner.conn.r(
                    f"cannot connect to {url}: {exc or type(exc).__name__}"), sent=False))
            raise
        if request_id is None:
            return response
        status = response.status_code
        content_type = response.headers.get("content-type", "").lower()
        if status >= 300 or status == 202:
            return await self._failed(request, request_id, response)
        if content_type.startswith("text/event-stream"):
            response.stream = self._watched(response.stream, request_id)
            return response
        body, whole = await read_at_most(response, MAX_MESSAGE_BYTES)
        failure = None
        if not whole:  # a body never ending, or decompressing without end: not read further
            failure = f"an answer of more than {MAX_MESSAGE_BYTES:,} bytes"
        elif not content_type.startswith("application/json"):
            failure = f"unexpected content type {content_type or '(none)'!r}: {excerpt(body)!r}"
        elif (value := proved_loads(body)) is not NOT_PROVED:  # the usual body: orjson
            self.owner.proved_body(request_id, value)  # proves it clean, not read again
        else:
            try:
                message = parse(body)
            except (ValueError, RecursionError):
                failure = f"not JSON: {excerpt(body)!r}"
            else:
                if self.owner.take_unreadable(message):
                    return self._error_reply(request, request_id, -32700, "read by parity")
        if failure is None:
            return http.Response(status, headers=response.headers, content=body,
                                 request=request)
        self.owner.record(request_id, CallFailure("malformed", self.owner.conn.r(failure),
                                                  sent=True))
        return self._error_reply(request, request_id, -32700, "not a JSON-RPC answer")

    async def _failed(self, request: Any, request_id: int, response: Any) -> Any:
        status = response.status_code
        body = (await read_at_most(response, MAX_ERROR_BODY))[0][:MAX_ERROR_BODY]
        url = self.owner.spec.url
        if status == 202:
            failure = CallFailure("malformed", f"{url} answered a request with 202 Accepted",
                                  sent=True)
        else:
            code = data = None
            message = f"HTTP {status} from {url}"
            with contextlib.suppress(ValueError):
                parsed = json.loads(body)
                if isinstance(parsed, dict) and isinstance(parsed.get("error"), dict):
                    error = parsed["error"]
                    code = error.get("code") if isinstance(error.get("code"), int) else None
                    data = redact_json(error.get("data"), self.owner.conn.secrets)
                    message += f": {error.get('message', '')}"
            if code is None and body.strip():
                message += f": {excerpt(body)}"
            failure = CallFailure(
                "http_status", self.owner.conn.r(message), sent=True, status=status,
                retry_after=retry_after_seconds(response.headers.get("retry-after")),
                code=code, data=data)
        self.owner.record(request_id, failure)
        return self._error_reply(request, request_id, -32603, f"HTTP {status}")

    def _error_reply(self, request: Any, request_id: int, code: int, message: str) -> Any:
        # what the SDK passes on as the request's error; the recorded failure replaces it
        body = json.dumps({"jsonrpc": "2.0", "id": request_id,
                           "error": {"code": code, "message": message}}).encode()
        return self.http.Response(200, headers={"content-type": "application/json"},
                                  content=body, request=request)

    def _watched(self, stream: Any, request_id: int) -> Any:
        owner, http = self.owner, self.http

        class Watched(http.AsyncByteStream):  # type: ignore[misc,name-defined]
            async def __aiter__(self) -> AsyncIterator[bytes]:
                # the SDK decodes the stream with U+FFFD for what is not UTF-8: a result
                # the server never sent. Such an answer is malformed, as a JSON body is
                decoder, readable = codecs.getincrementaldecoder("utf-8")(), True
                try:
                    async for chunk in stream:
                        if readable:
                            try:
                                decoder.decode(chunk)
                            except UnicodeDecodeError:
                                readable = False
                                owner.fail_now(request_id, CallFailure("malformed", owner.conn.r(
                                    f"an event stream that is not UTF-8: {excerpt(chunk)!r}"),
                                    sent=True))
                        yield chunk
                except http.TransportError as exc:  # the connection broke mid-answer
                    owner.record(request_id, CallFailure("malformed", owner.conn.r(
                        f"connection broken: {type(exc).__name__} {exc}".strip()), sent=True))
                    raise
                owner.stream_ended(request_id)

            async def aclose(self) -> None:
                await stream.aclose()

        return Watched()

    # the rest of httpx's AsyncBaseTransport, delegated (its class depends on the SDK)
    async def __aenter__(self) -> _Recorder:
        await self.inner.__aenter__()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.inner.__aexit__(*exc)

    async def aclose(self) -> None:
        await self.inner.aclose()


class HttpTransport(SdkStreamTransport):
    """Streamable HTTP on the SDK's client transport, with ``_Recorder`` in its HTTP client."""

    def __init__(self, spec: ServerSpec) -> None:
        super().__init__()
        self.spec = spec
        self.http = http_module()
        self.recorded: dict[int, CallFailure] = {}
        #: requests whose SSE answer has ended
        self.ended: set[int] = set()
        #: an event of the current answer the SDK could not parse (``_SseParseFailures``)
        self.unparsed: str | None = None
        #: request id -> the result its JSON body was proved to hold, until the SDK's reading
        #: of it is handed on (``proved_already``)
        self.proved_results: dict[int, Any] = {}
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
                self.record(request_id, CallFailure("malformed", self.conn.r(
                    f"an event that is not JSON-RPC: {unparsed!r}"), sent=True))
            if request_id in self.recorded:
                self._settle(request_id)
                return
            if request_id in self.ended:  # 2.x: -32000 for a stream without the response
                self._truncated(request_id)
                return
        self.conn.deliver(message, proved=proved)

    async def start(self, tg: anyio.abc.TaskGroup) -> None:
        self.tg = tg
        await tg.start(self._run)

    async def _run(self, *, task_status: anyio.abc.TaskStatus[None]) -> None:
        from mcp.client.streamable_http import streamable_http_client

        _watch_sdk_log()

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
                                        transport=_Recorder(http, self)) as client, \
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


#: The HTTP transport whose request the current task sends and reads (``_SseParseFailures``).
_CURRENT: contextvars.ContextVar[HttpTransport | None] = contextvars.ContextVar(
    "parity_http_transport", default=None)


class _SseParseFailures(logging.Filter):
    """The SDK logs an SSE event it cannot parse with ``logger.exception`` (a traceback on
    stderr) and then fails the request with the parser's words alone. The raw event is in
    the pydantic error: parity parses it itself and hands it to the transport that received
    it (as ``take_unreadable`` does for a JSON body), or, not JSON-RPC at all, notes it there
    (the request fails as malformed); the record is not printed either way."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        errors = getattr(exc, "errors", None)
        if exc is None or not callable(errors):
            return True
        transport = _CURRENT.get()
        with contextlib.suppress(Exception):
            raw = errors()[0].get("input")
            if transport is not None and isinstance(raw, (str, bytes)):
                transport.unparsed = excerpt(raw if isinstance(raw, str) else
                                             raw.decode("utf-8", "replace"))
                message = parse(raw)  # raises for what is not JSON: noted as unparsed
                if isinstance(message, dict) and "id" in message and \
                        transport.take_unreadable(message):
                    transport.unparsed = None
                    return False  # read, and its problem is reported by tool and pointer
        # otherwise the request fails as malformed (``on_message``; 1.x: as a stream that
        # ended without its response): the log line would only be a second, stray one
        return False


_FILTER = _SseParseFailures()


def _is_parse_error(error: Any) -> bool:
    """The SDK's own error for an event it could not parse (2.x: -32700, its words)."""
    return isinstance(error, dict) and error.get("code") == -32700 and str(
        error.get("message", "")).startswith("Failed to parse SSE message")


def _watch_sdk_log() -> None:
    logger = logging.getLogger("mcp.client.streamable_http")
    if _FILTER not in logger.filters:
        logger.addFilter(_FILTER)


def _first_line(exc: BaseException) -> str:
    inner: BaseException = exc
    while isinstance(inner, BaseExceptionGroup) and inner.exceptions:
        inner = inner.exceptions[0]
    return f"{type(inner).__name__}: {inner}".splitlines()[0]

