"""How messages reach a server: a subprocess over stdio, streamable HTTP, or an in-process SDK
server over the SDK's memory streams. Each transport hands decoded JSON values to the
``Connection`` and reports what went wrong as a ``CallFailure``."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
from collections import deque
from typing import TYPE_CHECKING, Any

import anyio
import anyio.abc

from parity.core.redact import redact_json
from parity.errors import SourceError
from parity.mcp.sdk import SDK_MAJOR, http_module
from parity.mcp.servers import lowlevel_server
from parity.mcp.spec import (
    STDERR_TAIL_LINES,
    CallFailure,
    ServerSpec,
    excerpt,
    retry_after_seconds,
)

if TYPE_CHECKING:
    from parity.mcp.connection import Connection, Pending

#: Largest single message accepted from a server (bytes); past it the stream is malformed.
MAX_MESSAGE_BYTES = 64 * 1024 * 1024
#: Seconds a stopping server gets before it is terminated, then killed.
STOP_GRACE = 2.0
#: Seconds a stdio server gets to exit on its own once its stdin is closed.
EOF_GRACE = 1.0


class Transport:
    conn: Connection

    async def start(self, tg: anyio.abc.TaskGroup) -> None:
        raise NotImplementedError

    async def send(self, message: dict[str, Any], pending: Pending | None) -> None:
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    def stderr_tail(self) -> list[str]:
        return []

    async def drain(self) -> None:
        """Wait briefly until everything the server wrote to stderr has been read."""

    async def listen(self) -> None:
        """Open a channel for unsolicited server notifications where the transport needs one."""


class StdioTransport(Transport):
    def __init__(self, spec: ServerSpec) -> None:
        self.spec = spec
        self.process: anyio.abc.Process | None = None
        self.stderr: deque[str] = deque(maxlen=200)
        self.stderr_done = anyio.Event()
        self.write_lock = anyio.Lock()
        self.closed = False

    async def start(self, tg: anyio.abc.TaskGroup) -> None:
        if not self.spec.command:
            raise CallFailure("unavailable", "no command to start", sent=False)
        env = {**os.environ, **self.spec.env}
        try:
            self.process = await anyio.open_process(
                list(self.spec.command), env=env,
                cwd=str(self.spec.cwd) if self.spec.cwd else None,
                # its own process group, so a wrapper's children (uv run, sh -c) stop too
                start_new_session=sys.platform != "win32")
        except OSError as exc:
            raise CallFailure("unavailable", self.conn.r(
                f"could not start {self.spec.command[0]!r}: {exc.strerror or exc}"),
                sent=False) from None
        tg.start_soon(self._read_stdout)
        tg.start_soon(self._read_stderr)

    async def _read_stdout(self) -> None:
        if self.process is None or self.process.stdout is None:
            return
        buffer = b""
        try:
            async for chunk in self.process.stdout:
                buffer += chunk
                while b"\n" in buffer:
                    line, buffer = buffer.split(b"\n", 1)
                    self._line(line)
                if len(buffer) > MAX_MESSAGE_BYTES:
                    self.conn.note_garbage(f"a line longer than {MAX_MESSAGE_BYTES} bytes")
                    buffer = b""
        except (anyio.ClosedResourceError, anyio.BrokenResourceError, OSError):
            pass
        if buffer.strip():
            self.conn.note_garbage(f"truncated message {excerpt(buffer)!r}")
        code = None
        with anyio.move_on_after(0.5):
            code = await self.process.wait()
        status = f"exited with code {code}" if code is not None else "closed its stdout"
        self.conn.connection_lost(f"the server {status}")

    def _line(self, line: bytes) -> None:
        if not line.strip():
            return
        try:
            message = json.loads(line)
        except ValueError:
            self.conn.note_garbage(excerpt(line))
            return
        self.conn.deliver(message)

    async def _read_stderr(self) -> None:
        if self.process is None or self.process.stderr is None:
            self.stderr_done.set()
            return
        partial = b""
        with contextlib.suppress(anyio.ClosedResourceError, anyio.BrokenResourceError, OSError):
            async for chunk in self.process.stderr:
                partial += chunk
                *lines, partial = partial.split(b"\n")
                self.stderr.extend(x.decode("utf-8", "replace").rstrip() for x in lines)
                if len(partial) > 65536:
                    self.stderr.append(partial.decode("utf-8", "replace"))
                    partial = b""
        if partial:
            self.stderr.append(partial.decode("utf-8", "replace").rstrip())
        self.stderr_done.set()

    async def drain(self) -> None:
        if self.process is not None:
            with anyio.move_on_after(1.0):
                await self.stderr_done.wait()

    def stderr_tail(self) -> list[str]:
        return [self.conn.r(x) for x in list(self.stderr)[-STDERR_TAIL_LINES:]]

    async def send(self, message: dict[str, Any], pending: Pending | None) -> None:
        if self.process is None or self.process.stdin is None:
            raise CallFailure("unavailable", "the server is not started", sent=False)
        data = json.dumps(message, separators=(",", ":")).encode() + b"\n"
        try:
            async with self.write_lock:
                await self.process.stdin.send(data)
        except (anyio.ClosedResourceError, anyio.BrokenResourceError, OSError) as exc:
            raise CallFailure("unavailable", self.conn.r(
                f"could not write to the server: {self.conn.lost or type(exc).__name__}"),
                sent=False) from None
        if pending is not None:
            pending.sent = True

    async def close(self) -> None:
        process = self.process
        if process is None or self.closed:
            return
        self.closed = True
        with anyio.CancelScope(shield=True):
            if process.stdin is not None:  # EOF on stdin is how a stdio server is asked to stop
                with contextlib.suppress(Exception):
                    await process.stdin.aclose()
            for sig in (None, signal.SIGTERM, getattr(signal, "SIGKILL", signal.SIGTERM)):
                if sig is not None:
                    self._signal(process, sig)
                with anyio.move_on_after(EOF_GRACE if sig is None else STOP_GRACE):
                    await process.wait()
                if process.returncode is not None:
                    break
            with contextlib.suppress(Exception):
                await process.aclose()

    @staticmethod
    def _signal(process: anyio.abc.Process, sig: int) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
            if sys.platform != "win32":
                os.killpg(process.pid, sig)
            elif sig == signal.SIGTERM:  # pragma: no cover
                process.terminate()
            else:  # pragma: no cover
                process.kill()


class HttpTransport(Transport):
    """Streamable HTTP: one POST per message; the answer is a JSON body or an SSE stream."""

    def __init__(self, spec: ServerSpec) -> None:
        self.spec = spec
        self.http = http_module()
        self.client: Any = None
        self.session_id: str | None = None
        self.protocol_version: str | None = None
        self.tg: anyio.abc.TaskGroup | None = None
        self.listening = False

    async def start(self, tg: anyio.abc.TaskGroup) -> None:
        if not self.spec.url:
            raise CallFailure("unavailable", "no URL to connect to", sent=False)
        self.tg = tg
        timeout = self.http.Timeout(connect=self.spec.start_timeout, read=None, write=30.0,
                                    pool=30.0)
        self.client = self.http.AsyncClient(headers=dict(self.spec.headers), timeout=timeout,
                                            follow_redirects=False)

    def _headers(self) -> dict[str, str]:
        headers = {"Accept": "application/json, text/event-stream",
                   "Content-Type": "application/json"}
        if self.session_id:
            headers["Mcp-Session-Id"] = self.session_id
        if self.protocol_version:
            headers["Mcp-Protocol-Version"] = self.protocol_version
        return headers

    async def send(self, message: dict[str, Any], pending: Pending | None) -> None:
        http = self.http
        request_id: int = message.get("id", 0) if "method" in message else 0
        is_request = pending is not None

        async def trace(name: str, info: Any) -> None:  # the async client wants a coroutine
            # httpcore's trace events say exactly when the body went out
            if pending is not None and name.endswith("send_request_body.complete"):
                pending.sent = True

        try:
            async with self.client.stream("POST", self.spec.url, json=message,
                                          headers=self._headers(),
                                          extensions={"trace": trace}) as response:
                if pending is not None:
                    pending.sent = True
                if message.get("method") == "initialize" and response.status_code < 300:
                    self.session_id = response.headers.get("mcp-session-id") or self.session_id
                if not is_request:
                    return
                await self._response(response, request_id)
        except http.ConnectError as exc:
            raise CallFailure("unavailable", self.conn.r(
                f"cannot connect to {self.spec.url}: {exc}"), sent=False) from None
        except http.ConnectTimeout:
            raise CallFailure("unavailable", self.conn.r(
                f"no connection to {self.spec.url} within {self.spec.start_timeout:g}s"),
                sent=False) from None
        except http.TransportError as exc:
            sent = pending.sent if pending is not None else False
            if not is_request:
                raise CallFailure("unavailable", self.conn.r(str(exc) or type(exc).__name__),
                                  sent=sent) from None
            # the connection broke mid-answer (truncated) or before any answer
            self.conn.fail(request_id, CallFailure(
                "malformed" if sent else "unavailable",
                self.conn.r(f"connection broken: {type(exc).__name__} {exc}".strip()),
                sent=sent))

    async def _response(self, response: Any, request_id: Any) -> None:
        status = response.status_code
        content_type = response.headers.get("content-type", "").lower()
        if status >= 300 or status == 202:
            body = (await response.aread())[:65536]
            code = data = None
            message = f"HTTP {status} from {self.spec.url}"
            with contextlib.suppress(ValueError):
                parsed = json.loads(body)
                if isinstance(parsed, dict) and isinstance(parsed.get("error"), dict):
                    error = parsed["error"]
                    code = error.get("code") if isinstance(error.get("code"), int) else None
                    data = redact_json(error.get("data"), self.conn.secrets)
                    message += f": {error.get('message', '')}"
            if code is None and body.strip():
                message += f": {excerpt(body)}"
            if status == 202:
                self.conn.fail(request_id, CallFailure(
                    "malformed", f"{self.spec.url} answered a request with 202 Accepted",
                    sent=True))
                return
            self.conn.fail(request_id, CallFailure(
                "http_status", self.conn.r(message), sent=True, status=status,
                retry_after=retry_after_seconds(response.headers.get("retry-after")), code=code,
                data=data))
            return
        if content_type.startswith("text/event-stream"):
            await self._read_sse(response)
            if request_id in self.conn.pending and not self.conn.pending[request_id].event.is_set():
                self.conn.fail(request_id, CallFailure(
                    "malformed", "the event stream ended before the response (truncated)",
                    sent=True))
            return
        body = await response.aread()
        if not content_type.startswith("application/json"):
            self.conn.fail(request_id, CallFailure(
                "malformed", self.conn.r(f"unexpected content type {content_type or '(none)'!r}:"
                                         f" {excerpt(body)!r}"), sent=True))
            return
        try:
            parsed = json.loads(body)
        except ValueError:
            self.conn.fail(request_id, CallFailure(
                "malformed", self.conn.r(f"not JSON: {excerpt(body)!r}"), sent=True))
            return
        self.conn.deliver(parsed)
        pending = self.conn.pending.get(request_id)
        if pending is not None and not pending.event.is_set():
            self.conn.fail(request_id, CallFailure(
                "malformed", self.conn.r(f"the body is not the response: {excerpt(body)!r}"),
                sent=True))

    async def _read_sse(self, response: Any) -> None:
        data: list[str] = []
        async for line in response.aiter_lines():
            line = line.rstrip("\r")
            if not line:
                if data:
                    self._event("\n".join(data))
                    data = []
                continue
            if line.startswith("data:"):
                value = line[5:]
                data.append(value[1:] if value.startswith(" ") else value)
        if data:
            self._event("\n".join(data))

    def _event(self, text: str) -> None:
        if not text.strip():
            return  # a priming event (2.x sends an empty one carrying only an id)
        try:
            message = json.loads(text)
        except ValueError:
            self.conn.note_garbage(text)
            return
        self.conn.deliver(message)

    async def listen(self) -> None:
        # the GET stream carries notifications sent outside any request (list_changed)
        if self.listening or self.tg is None or not self.session_id:
            return
        self.listening = True
        self.tg.start_soon(self._get_stream)

    async def _get_stream(self) -> None:
        headers = self._headers()
        headers["Accept"] = "text/event-stream"
        with contextlib.suppress(Exception):
            async with self.client.stream("GET", self.spec.url, headers=headers) as response:
                if response.status_code == 200:
                    await self._read_sse(response)

    async def close(self) -> None:
        if self.client is None:
            return
        client, self.client = self.client, None
        with anyio.CancelScope(shield=True):
            if self.session_id:
                with anyio.move_on_after(2.0), contextlib.suppress(Exception):
                    await client.delete(self.spec.url, headers=self._headers())
            with contextlib.suppress(Exception):
                await client.aclose()


class MemoryTransport(Transport):
    """An in-process server on the SDK's memory streams; messages go through the SDK models."""

    def __init__(self, server: Any) -> None:
        self.server = lowlevel_server(server)
        self.write: Any = None
        self.read: Any = None
        self.done = anyio.Event()
        self.stack = contextlib.AsyncExitStack()
        self.scope: anyio.CancelScope | None = None

    async def start(self, tg: anyio.abc.TaskGroup) -> None:
        from mcp.shared.memory import create_client_server_memory_streams

        client_streams, server_streams = await self.stack.enter_async_context(
            create_client_server_memory_streams())
        self.read, self.write = client_streams
        server_read, server_write = server_streams

        async def serve() -> None:
            try:
                with anyio.CancelScope() as self.scope:
                    await self.server.run(server_read, server_write,
                                          self.server.create_initialization_options())
            except Exception as exc:
                self.conn.connection_lost(f"the in-process server failed: {exc!r}")
            finally:
                self.done.set()

        tg.start_soon(serve)
        tg.start_soon(self._read)

    async def _read(self) -> None:
        with contextlib.suppress(anyio.ClosedResourceError, anyio.EndOfStream,
                                 anyio.BrokenResourceError):
            async for item in self.read:
                if isinstance(item, Exception):
                    self.conn.note_garbage(repr(item))
                    continue
                message = getattr(item.message, "root", item.message)  # 1.x wraps in a RootModel
                self.conn.deliver(message.model_dump(by_alias=True, mode="json",
                                                     exclude_unset=True) | {"jsonrpc": "2.0"})
        self.conn.connection_lost("the in-process server closed the connection")

    async def send(self, message: dict[str, Any], pending: Pending | None) -> None:
        from mcp.shared.message import SessionMessage

        if SDK_MAJOR >= 2:
            from mcp_types import jsonrpc_message_adapter

            wire: Any = jsonrpc_message_adapter.validate_python(message)
        else:
            from mcp.types import JSONRPCMessage

            wire = JSONRPCMessage.model_validate(message)  # type: ignore[attr-defined,unused-ignore]
        try:
            await self.write.send(SessionMessage(wire))
        except (anyio.ClosedResourceError, anyio.BrokenResourceError):
            raise CallFailure("unavailable", "the in-process server is gone",
                              sent=False) from None
        if pending is not None:
            pending.sent = True

    async def close(self) -> None:
        with anyio.CancelScope(shield=True):
            with contextlib.suppress(Exception):
                await self.write.aclose()
            with anyio.move_on_after(STOP_GRACE):
                await self.done.wait()
            if not self.done.is_set() and self.scope is not None:
                self.scope.cancel()
            with contextlib.suppress(Exception):
                await self.stack.aclose()



def make_transport(spec: ServerSpec) -> Transport:
    """The transport for ``spec.kind``; a ``SourceError`` for a kind it cannot reach."""
    if spec.kind == "stdio":
        return StdioTransport(spec)
    if spec.kind == "url":
        return HttpTransport(spec)
    if spec.kind == "object":
        if spec.obj is None:
            raise SourceError(f"server {spec.name!r}: no server object given",
                              hint="import the object and pass it as ServerSpec.obj")
        try:
            return MemoryTransport(spec.obj)
        except TypeError as exc:
            raise SourceError(f"server {spec.name!r}: {spec.object_ref or 'object'}: {exc}",
                              hint="point `object` at a FastMCP, MCPServer or lowlevel Server "
                                   "instance") from None
    raise SourceError(f"server {spec.name!r}: cannot connect to a {spec.kind!r} source")


