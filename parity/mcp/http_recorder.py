"""What the SDK's HTTP client would lose, recorded at its ``httpx`` transport (``Recorder``),
and the SDK's log record of an SSE event it cannot parse, turned into the request's failure
(``_SseParseFailures``). ``parity.mcp.http`` says what each is for.
"""

from __future__ import annotations

import codecs
import contextlib
import contextvars
import json
import logging
import re
from collections.abc import AsyncIterator
from typing import Any, Protocol

from parity.core.jsonio import NOT_PROVED, parse, proved_loads
from parity.core.redact import redact_json
from parity.mcp.connection import Connection
from parity.mcp.spec import (
    MAX_MESSAGE_BYTES,
    CallFailure,
    ServerSpec,
    excerpt,
    retry_after_seconds,
)
from parity.mcp.transports import read_at_most


class Owner(Protocol):
    """What the recorder keeps its records in: ``parity.mcp.http.HttpTransport``."""

    spec: ServerSpec
    conn: Connection
    #: an event of the current answer the SDK could not parse (``_SseParseFailures``)
    unparsed: str | None

    def record(self, request_id: int, failure: CallFailure) -> None: ...
    def fail_now(self, request_id: int, failure: CallFailure) -> None: ...
    def proved_body(self, request_id: int, value: Any) -> None: ...
    def take_unreadable(self, message: Any) -> bool: ...
    def stream_ended(self, request_id: int) -> None: ...

#: Largest error body read to explain a failed POST (bytes).
MAX_ERROR_BODY = 65536
#: what an ``Mcp-Session-Id`` may hold (the spec: visible ASCII, 0x21 to 0x7E)
_VISIBLE_ASCII = re.compile(r"[\x21-\x7e]*")


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


class Recorder:
    """An ``httpx`` transport around the real one: records, per JSON-RPC request id, what
    the SDK's HTTP client would lose (see the module docstring)."""

    def __init__(self, http: Any, transport: Owner) -> None:
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
        session = response.headers.get("mcp-session-id")
        if session is not None and not _VISIBLE_ASCII.fullmatch(session):
            # the SDK would send it back on the next request and fail to encode it, with
            # a traceback and "the connection is closed" for the reason
            await response.aclose()
            self.owner.record(request_id, CallFailure("malformed", self.owner.conn.r(
                f"an Mcp-Session-Id header that is not visible ASCII (0x21 to 0x7E, as the "
                f"spec requires): {excerpt(session)!r}"), sent=True))
            return self._error_reply(request, request_id, -32700, "not a JSON-RPC answer")
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
            failure = _not_a_message(value, body)
            if failure is None:
                self.owner.proved_body(request_id, value)  # proves it clean, not read again
        else:
            try:  # JSON exchanged between systems is UTF-8 (RFC 8259); json reads UTF-16 too
                message = parse(body.decode("utf-8"))
            except UnicodeDecodeError:
                failure = f"a JSON body that is not UTF-8: {excerpt(body)!r}"
            except (ValueError, RecursionError):
                failure = f"not JSON: {excerpt(body)!r}"
            else:
                failure = _not_a_message(message, body)
                if failure is None and self.owner.take_unreadable(message):
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
    async def __aenter__(self) -> Recorder:
        await self.inner.__aenter__()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.inner.__aexit__(*exc)

    async def aclose(self) -> None:
        await self.inner.aclose()


def _not_a_message(value: Any, body: bytes) -> str | None:
    """Why a JSON body is no JSON-RPC message (an object), or None. The SDK would fail such
    a body with a -32700 of its own making, which reads as the server's error."""
    if isinstance(value, dict):
        return None
    kind = {list: "array", str: "string", bool: "boolean", type(None): "null"}.get(
        type(value), "number")
    return f"a JSON {kind} body, not a JSON-RPC message: {excerpt(body)!r}"


#: The HTTP transport whose request the current task sends and reads (``_SseParseFailures``).
_CURRENT: contextvars.ContextVar[Owner | None] = contextvars.ContextVar(
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


def watch_sdk_log() -> None:
    logger = logging.getLogger("mcp.client.streamable_http")
    if _FILTER not in logger.filters:
        logger.addFilter(_FILTER)
