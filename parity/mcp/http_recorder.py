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
from parity.core.terminal import printable
from parity.mcp.connection import Connection
from parity.mcp.sdk import json_depth_limit
from parity.mcp.spec import (
    DEEP_HINT,
    MAX_MESSAGE_BYTES,
    CallFailure,
    ServerSpec,
    excerpt,
    nested_deeper,
    retry_after_seconds,
    too_deep,
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
    def counted(self, request_id: int, size: int) -> None: ...
    def take_unreadable(self, message: Any) -> bool: ...
    def stream_ended(self, request_id: int) -> None: ...

#: Largest error body read to explain a failed POST (bytes).
MAX_ERROR_BODY = 65536
#: Most redirects one request follows (the client's ``max_redirects``, which the SDK reads)
MAX_REDIRECTS = 20
#: the statuses httpx follows a ``Location`` of (``Response.has_redirect_location``)
_REDIRECTS = (301, 302, 303, 307, 308)
#: what an ``Mcp-Session-Id`` may hold (the spec: visible ASCII, 0x21 to 0x7E)
_VISIBLE_ASCII = re.compile(r"[\x21-\x7e]*")


async def _request_id(request: Any) -> int | None:
    """The JSON-RPC id of a POSTed request (not of a notification or a reply we send)."""
    if request.method != "POST":
        return None
    with contextlib.suppress(ValueError, TypeError):
        # a redirect's next request carries the first one's body as a stream, not read yet
        message = json.loads(await request.aread())
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
        #: redirects followed so far, per JSON-RPC request id
        self.hops: dict[int, int] = {}

    async def handle_async_request(self, request: Any) -> Any:
        # the SDK reads the answer in this same task: its log filter finds the transport
        _CURRENT.set(self.owner)
        request_id = await _request_id(request)
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
        if status in _REDIRECTS and self._followed(request, request_id, response):
            return response  # the SDK's client sends the request on (``stream_within_origin``)
        hops = self.hops.pop(request_id, 0)
        if status >= 300 or status == 202:
            if status in _REDIRECTS and "location" in response.headers:
                return await self._refused_redirect(request, request_id, response, hops)
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
        self.owner.counted(request_id, len(body))
        failure = None
        if not whole:  # a body never ending, or decompressing without end: not read further
            failure = f"an answer of more than {MAX_MESSAGE_BYTES:,} bytes"
        elif not content_type.startswith("application/json"):
            failure = f"unexpected content type {content_type or '(none)'!r}: {excerpt(body)!r}"
        elif nested_deeper(body, json_depth_limit()):  # the SDK would refuse it, unnamed
            failure = too_deep(json_depth_limit())
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
        self.owner.record(request_id, CallFailure(
            "malformed", self.owner.conn.r(failure), sent=True,
            hint=DEEP_HINT if failure == too_deep(json_depth_limit()) else None))
        return self._error_reply(request, request_id, -32700, "not a JSON-RPC answer")

    def _followed(self, request: Any, request_id: int, response: Any) -> bool:
        """Whether the SDK's client follows this redirect, as it does one within the origin
        that keeps the method (a trailing-slash 307 or 308), ``MAX_REDIRECTS`` at most: it is
        then handed to the SDK as it came."""
        if _within_origin(self.http, request, response) is None:
            return False
        hops = self.hops.get(request_id, 0) + 1
        if hops > MAX_REDIRECTS:
            return False
        self.hops[request_id] = hops
        return True

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

    async def _refused_redirect(self, request: Any, request_id: int, response: Any,
                                hops: int) -> Any:
        """A redirect the SDK does not follow, after ``hops`` it followed: the request's
        failure names where it leads (without the user info, query and fragment, as the
        SDK's own messages name it; redacted)."""
        await response.aclose()
        status, url = response.status_code, self.owner.spec.url
        if hops >= MAX_REDIRECTS:
            why = f"more than {MAX_REDIRECTS} redirects"
        else:
            why = ("a redirect the MCP SDK does not follow: another origin than the server's "
                   "URL, or a method it would change (only 307 and 308 keep a POST)")
        where = printable(excerpt(_location(self.http, request, response), 300))
        self.owner.record(request_id, CallFailure("http_status", self.owner.conn.r(
            f"HTTP {status} from {url} to {where}: {why}"), sent=True, status=status,
            hint="if the new address is the server's, put it in the server's `url`"))
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
                        owner.counted(request_id, len(chunk))
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


def _next_request(http: Any, request: Any, response: Any) -> Any:
    """The SDK's view of a redirect answering ``request``: a response whose ``next_request``
    is the one httpx's client would build (the Location joined to the URL; a POST kept by
    307 and 308 alone, ``Client._redirect_method``), or None when it is no redirect."""
    location = response.headers.get("location")
    if response.status_code not in _REDIRECTS or location is None:
        return None
    try:
        target = request.url.join(location)
    except Exception:  # an unreadable Location: nothing to follow
        return None
    keeps = response.status_code in (307, 308) or request.method in ("GET", "HEAD")
    seen = http.Response(response.status_code, headers=response.headers, request=request)
    seen.next_request = http.Request(request.method if keeps else "GET", target)
    return seen


def _within_origin(http: Any, request: Any, response: Any) -> Any:
    """The request the SDK's client sends after ``response``, or None when it does not
    follow it (``mcp.shared._httpx_utils.next_request_within_origin``, 1.x and 2.x alike:
    the same origin, or its https upgrade, and the method kept). An SDK without it (before
    mcp 1.2x) followed none."""
    try:
        from mcp.shared._httpx_utils import next_request_within_origin
    except ImportError:  # pragma: no cover - an older SDK
        return None
    seen = _next_request(http, request, response)
    return None if seen is None else next_request_within_origin(seen)


def _location(http: Any, request: Any, response: Any) -> str:
    """Where a redirect leads, for a message: the SDK's ``redirect_location`` (no user info,
    query or fragment), else the Location as written."""
    seen = _next_request(http, request, response)
    with contextlib.suppress(ImportError):
        from mcp.shared._httpx_utils import redirect_location

        if seen is not None:
            return str(redirect_location(seen))
    return str(response.headers.get("location", ""))


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
                if nested_deeper(raw, json_depth_limit()):  # what parity would read too
                    transport.unparsed = too_deep(json_depth_limit())
                    return False
                shown = excerpt(raw if isinstance(raw, str) else raw.decode("utf-8", "replace"))
                transport.unparsed = f"an event that is not JSON-RPC: {shown!r}"
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
