"""The one module that imports ``mcp``: every difference between SDK 1.x and 2.x lives here.

Two halves:

* **Servers** (``new_server``, ``run_stdio``, ``run_http``, ``lowlevel_server``): test servers and
  the bundled example are written once, against FastMCP (1.x) or MCPServer (2.x).
* **Client** (``open_session``, ``AdapterSession``, ``fetch_tools``): parity's own small JSON-RPC
  client. It does not use the SDK's ``ClientSession``, because that validates results into
  pydantic models (2.x drops unknown fields; one tool whose ``inputSchema`` lacks
  ``"type": "object"`` fails the whole ``tools/list``) and folds transport faults together
  (1.x lets an HTTP 429 tear the whole transport down; 2.x turns it into a generic -32603 and
  loses ``Retry-After``). Parity needs raw wire JSON and a precise fault classification, so it
  speaks JSON-RPC itself over three transports:

  - ``stdio``: a subprocess, newline-delimited JSON on stdin/stdout, stderr kept for messages;
  - ``url``: streamable HTTP, with the HTTP client the installed SDK depends on
    (``httpx`` for 1.x, ``httpx2`` for 2.x); JSON and SSE responses;
  - ``object``: an in-process FastMCP/MCPServer/lowlevel ``Server`` over the SDK's in-memory
    streams, so the very same raw path is used.

* **The agent's own SDK session** (``wrap_session``, ``SdkSession``, ``ListChangedHandler``,
  ``message_handler``): an ``mcp`` ``ClientSession`` (1.x, 2.x) or 2.x ``Client`` the agent
  already holds, given the ``AdapterSession`` shape (see the section's comment for what each
  SDK lets through raw).

Pagination follows the MCP spec: a *missing or null* ``nextCursor`` ends the listing; any
string, including ``""``, is an opaque cursor to send back. A cursor seen twice, or more than
``MAX_PAGES`` pages, is a ``SourceError``.

Secrets (env and header values) are redacted from every message, from stderr tails and from
``call_tool_raw`` results and errors. Tool definitions are returned untouched: redacting them
would change their hashes whenever an env value happens to occur in a description.
"""

from __future__ import annotations

import contextlib
import email.utils
import inspect
import json
import logging
import os
import signal
import sys
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anyio
import anyio.abc
import anyio.lowlevel

from parity.core.redact import redact
from parity.errors import SourceError
from parity.mcp.capabilities import declare, declared_capabilities

if sys.version_info < (3, 11):  # pragma: no cover
    from exceptiongroup import BaseExceptionGroup  # type: ignore[import-not-found,unused-ignore]

if TYPE_CHECKING:
    from parity.config.settings import ServerConfig


def _sdk_major() -> int:
    # read from the distribution metadata: importing mcp here would cost every import of parity
    from importlib.metadata import PackageNotFoundError, version

    try:
        return int(version("mcp").split(".")[0])
    except (PackageNotFoundError, ValueError):  # pragma: no cover - mcp is a dependency
        return 1


_log = logging.getLogger(__name__)

#: The major version of the installed MCP SDK: 1 or 2.
SDK_MAJOR: int = _sdk_major()
#: Most ``tools/list`` pages followed before the listing is called a runaway.
MAX_PAGES = 1000
#: Lines of server stderr shown in error messages.
STDERR_TAIL_LINES = 20
#: Largest single message accepted from a server (bytes); past it the stream is malformed.
MAX_MESSAGE_BYTES = 64 * 1024 * 1024
#: Seconds a stopping server gets before it is terminated, then killed.
STOP_GRACE = 2.0
#: Seconds a stdio server gets to exit on its own once its stdin is closed.
EOF_GRACE = 1.0
#: Drops of a 2026-07-28 ``subscriptions/listen`` stream in a row before giving up on it.
LISTEN_RETRIES = 5

CLIENT_INFO = {"name": "parity", "version": "0.1.0"}
FAILURE_KINDS = ("unavailable", "timeout", "http_status", "jsonrpc_error", "malformed")


# -- servers -------------------------------------------------------------------------------


def new_server(name: str, **kw: Any) -> Any:
    """A FastMCP (1.x) or MCPServer (2.x) instance; ``@server.tool()`` works the same on both."""
    if SDK_MAJOR >= 2:
        from mcp.server.mcpserver import MCPServer

        return MCPServer(name, **kw)
    from mcp.server.fastmcp import FastMCP  # type: ignore[attr-defined,unused-ignore]

    return FastMCP(name, **kw)


def lowlevel_server(server: Any) -> Any:
    """The low-level ``Server`` behind a FastMCP/MCPServer (or ``server`` itself)."""
    for attr in ("_lowlevel_server", "_mcp_server"):  # 2.x, 1.x
        inner = getattr(server, attr, None)
        if inner is not None:
            return inner
    if callable(getattr(server, "run", None)) and callable(
            getattr(server, "create_initialization_options", None)):
        return server
    raise TypeError(f"not an MCP server object: {type(server).__name__} (expected FastMCP, "
                    "MCPServer or mcp.server.lowlevel.Server)")


def run_stdio(server: Any) -> None:
    """Serve over stdin/stdout until stdin closes."""
    server.run("stdio")


def run_http(server: Any, host: str = "127.0.0.1", port: int = 8000, *, path: str = "/mcp",
             json_response: bool = False) -> None:
    """Serve streamable HTTP on ``host:port`` (``path``) until killed."""
    if SDK_MAJOR >= 2:
        server.run("streamable-http", host=host, port=port, streamable_http_path=path,
                   json_response=json_response)
        return
    # 1.x takes these as settings, not run() arguments
    server.settings.host = host
    server.settings.port = port
    server.settings.streamable_http_path = path
    server.settings.json_response = json_response
    server.run("streamable-http")


def _handshake_version() -> str:
    if SDK_MAJOR >= 2:
        from mcp_types.version import LATEST_HANDSHAKE_VERSION

        return str(LATEST_HANDSHAKE_VERSION)
    from mcp.types import LATEST_PROTOCOL_VERSION

    return str(LATEST_PROTOCOL_VERSION)


def _http_module() -> Any:
    # the HTTP client the installed SDK itself depends on: httpx (1.x) or its fork httpx2 (2.x)
    names = ("httpx2", "httpx") if SDK_MAJOR >= 2 else ("httpx", "httpx2")
    for name in names:
        try:
            return __import__(name)
        except ImportError:
            continue
    raise SourceError("no HTTP client installed (need httpx or httpx2)",
                      hint="reinstall the mcp SDK")  # pragma: no cover


# -- specs and results ---------------------------------------------------------------------


#: Command names that mean "the Python running parity" in a configured ``stdio`` command.
PYTHON_NAMES = ("python", "python3")


def own_python(command: Iterable[str]) -> tuple[str, ...]:
    """``command`` with a first word of exactly ``python`` or ``python3`` replaced by
    ``sys.executable``: ``python`` on PATH is often not the interpreter parity (and the
    server's dependencies) is installed in, e.g. when parity runs from a virtual environment
    that is not activated. Any other first word (a path, ``python3.12``, ``uv``) is kept."""
    words = tuple(command)
    if words and words[0] in PYTHON_NAMES:
        return (sys.executable, *words[1:])
    return words


@dataclass
class ServerSpec:
    """How to reach one server."""

    kind: str  # "stdio" | "url" | "object"
    name: str = "server"
    command: tuple[str, ...] = ()
    env: Mapping[str, str] = field(default_factory=dict)
    cwd: Path | None = None
    url: str | None = None
    headers: Mapping[str, str] = field(default_factory=dict)
    #: ``module:attribute`` naming a server object, imported with ``root`` on sys.path
    object_ref: str | None = None
    #: an already imported server object (wins over ``object_ref``)
    obj: Any = None
    root: Path | None = None
    start_timeout: float = 20.0
    list_timeout: float = 20.0
    secrets: tuple[str, ...] = ()
    #: client capabilities parity declares in ``initialize`` (names of ``CAPABILITIES``):
    #: servers may list other tools to clients that declare other capabilities
    capabilities: tuple[str, ...] = ()

    @classmethod
    def from_config(cls, server: ServerConfig, *, root: Path | None = None) -> ServerSpec:
        """The spec of a configured live server. A ``stdio`` command whose first word is
        exactly ``python`` or ``python3`` runs with ``sys.executable`` (see ``own_python``),
        so lock, verify, drill and extract all start the server the same way."""
        if server.kind not in ("stdio", "url", "object"):
            raise SourceError(f"server {server.name!r} is a {server.kind} source, not a live "
                              "server", hint="read it with parity.sources.server")
        return cls(kind=server.kind, name=server.name, command=own_python(server.stdio or ()),
                   env=dict(server.env), cwd=server.cwd, url=server.url,
                   headers=dict(server.headers), object_ref=server.object, root=root,
                   start_timeout=server.start_timeout, list_timeout=server.list_timeout,
                   secrets=server.secrets)


@dataclass
class Listing:
    """Every tool a server lists, as raw wire JSON."""

    tools: list[dict[str, Any]]
    server_info: dict[str, Any] = field(default_factory=dict)
    protocol_version: str | None = None
    #: (tool name or ``#index``, reason) for definitions that could not be read
    rejected: list[tuple[str, str]] = field(default_factory=list)
    #: the client capabilities declared when the tools were listed (None: not known)
    client_capabilities: tuple[str, ...] | None = None


class CallFailure(Exception):
    """A request that did not produce a result.

    ``kind``: ``unavailable`` (could not connect, transport could not start, connection lost
    without an answer), ``timeout`` (the deadline passed after the request was sent),
    ``http_status`` (``status``, ``retry_after``; ``code``/``data`` too when the body held a
    JSON-RPC error), ``jsonrpc_error`` (``code``, ``message``, ``data``), ``malformed``
    (unparseable, wrong envelope, truncated). ``sent``: whether the request was written.
    Every text is already redacted.
    """

    def __init__(self, kind: str, message: str, *, sent: bool, status: int | None = None,
                 retry_after: float | None = None, code: int | None = None,
                 data: Any = None) -> None:
        assert kind in FAILURE_KINDS, kind
        self.kind = kind
        self.message = message
        self.sent = sent
        self.status = status
        self.retry_after = retry_after
        self.code = code
        self.data = data
        #: the server's last stderr lines (redacted), when the failure ended the session
        self.stderr_tail: list[str] = []
        super().__init__(str(self))

    def __str__(self) -> str:
        extra = []
        if self.status is not None:
            extra.append(f"HTTP {self.status}")
        if self.retry_after is not None:
            extra.append(f"retry after {self.retry_after:g}s")
        if self.code is not None:
            extra.append(f"code {self.code}")
        tail = f" ({', '.join(extra)})" if extra else ""
        return f"{self.kind}: {self.message}{tail}"


def _redact_json(value: Any, secrets: tuple[str, ...]) -> Any:
    if not secrets:
        return value
    if isinstance(value, str):
        return redact(value, secrets)
    if isinstance(value, list):
        return [_redact_json(v, secrets) for v in value]
    if isinstance(value, dict):
        return {k: _redact_json(v, secrets) for k, v in value.items()}
    return value


def _excerpt(data: bytes | str, limit: int = 200) -> str:
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    text = text.strip()
    return text if len(text) <= limit else text[:limit] + "..."


def _retry_after(value: str | None) -> float | None:
    """Retry-After as seconds: delta-seconds or an HTTP date; None when absent or unreadable."""
    if value is None:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


# -- the JSON-RPC connection ---------------------------------------------------------------


class _Pending:
    def __init__(self) -> None:
        self.event = anyio.Event()
        self.sent = False
        self.result: dict[str, Any] | None = None
        self.failure: CallFailure | None = None

    def settle(self, result: dict[str, Any] | None = None,
               failure: CallFailure | None = None) -> None:
        if self.event.is_set():
            return
        self.result, self.failure = result, failure
        self.event.set()


class _Connection:
    """Request/response correlation, notifications and server requests over one transport."""

    def __init__(self, transport: _Transport, secrets: tuple[str, ...]) -> None:
        self.transport = transport
        self.secrets = secrets
        self.pending: dict[int, _Pending] = {}
        self.next_id = 0
        self.tg: anyio.abc.TaskGroup | None = None
        self.listeners: dict[str, list[Callable[[Mapping[str, Any] | None], Any]]] = {}
        #: the last thing the server wrote that was not a JSON-RPC message
        self.garbage: str | None = None
        self.lost: str | None = None

    def r(self, text: str) -> str:
        return redact(text, self.secrets)

    # called by transports --------------------------------------------------------------

    def deliver(self, message: Any) -> None:
        """One decoded JSON value from the server."""
        if isinstance(message, list):  # a JSON-RPC batch (2025-03-26 servers may send them)
            for item in message:
                self.deliver(item)
            return
        if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
            self.note_garbage(json.dumps(message)[:200])
            return
        if "method" in message:
            if "id" in message:
                self.spawn(self._answer_server_request, message)
            else:
                self._notify(message["method"], message.get("params"))
            return
        pending = self.pending.get(message.get("id"))  # type: ignore[arg-type]
        if pending is None:
            if message.get("id") is None and "error" in message:
                # the server could not parse something we sent: no id to correlate with
                self.note_garbage(f"error without id: {json.dumps(message.get('error'))[:200]}")
            return
        if "error" in message and "result" not in message:
            error = message["error"]
            if not isinstance(error, dict) or not isinstance(error.get("code"), int):
                pending.settle(failure=CallFailure(
                    "malformed",
                    self.r(f"error response without a code: {_excerpt(json.dumps(error))}"),
                    sent=True))
                return
            pending.settle(failure=CallFailure(
                "jsonrpc_error", self.r(str(error.get("message", ""))), sent=True,
                code=error["code"], data=_redact_json(error.get("data"), self.secrets)))
        elif isinstance(message.get("result"), dict) and "error" not in message:
            pending.settle(result=message["result"])
        else:
            pending.settle(failure=CallFailure(
                "malformed", self.r("response is neither a result object nor an error: "
                                    + _excerpt(json.dumps(message))), sent=True))

    def note_garbage(self, text: str) -> None:
        self.garbage = self.r(_excerpt(text))

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

    def spawn(self, fn: Callable[..., Coroutine[Any, Any, Any]], *args: Any) -> None:
        if self.tg is not None:
            self.tg.start_soon(fn, *args)

    # requests --------------------------------------------------------------------------

    async def request(self, method: str, params: Mapping[str, Any] | None, *,
                      timeout: float) -> dict[str, Any]:
        if self.lost is not None:
            raise CallFailure("unavailable", self.lost, sent=False)
        self.next_id += 1
        request_id = self.next_id
        pending = _Pending()
        self.pending[request_id] = pending
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = dict(params)
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
        assert pending.result is not None
        return pending.result

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
        with anyio.move_on_after(5.0), contextlib.suppress(Exception):
            await self.transport.send(reply, None)

    def _notify(self, method: str, params: Any) -> None:
        for callback in self.listeners.get(method, ()):
            self.spawn(self._run_listener, callback, params)

    async def _run_listener(self, callback: Callable[..., Any], params: Any) -> None:
        try:
            outcome = callback(params)
            if inspect.isawaitable(outcome):
                await outcome
        except Exception:  # a listener's bug must not take the connection down
            _log.exception("notification listener raised")


# -- transports ----------------------------------------------------------------------------


class _Transport:
    conn: _Connection

    async def start(self, tg: anyio.abc.TaskGroup) -> None:
        raise NotImplementedError

    async def send(self, message: dict[str, Any], pending: _Pending | None) -> None:
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    def stderr_tail(self) -> list[str]:
        return []

    async def drain(self) -> None:
        """Wait briefly until everything the server wrote to stderr has been read."""

    async def listen(self) -> None:
        """Open a channel for unsolicited server notifications where the transport needs one."""


class _StdioTransport(_Transport):
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
        assert self.process is not None and self.process.stdout is not None
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
            self.conn.note_garbage(f"truncated message {_excerpt(buffer)!r}")
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
            self.conn.note_garbage(_excerpt(line))
            return
        self.conn.deliver(message)

    async def _read_stderr(self) -> None:
        assert self.process is not None and self.process.stderr is not None
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

    async def send(self, message: dict[str, Any], pending: _Pending | None) -> None:
        assert self.process is not None and self.process.stdin is not None
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


class _HttpTransport(_Transport):
    """Streamable HTTP: one POST per message; the answer is a JSON body or an SSE stream."""

    def __init__(self, spec: ServerSpec) -> None:
        self.spec = spec
        self.http = _http_module()
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

    async def send(self, message: dict[str, Any], pending: _Pending | None) -> None:
        http = self.http
        request_id = message.get("id") if "method" in message else None
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
            assert isinstance(request_id, int)
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
                    data = _redact_json(error.get("data"), self.conn.secrets)
                    message += f": {error.get('message', '')}"
            if code is None and body.strip():
                message += f": {_excerpt(body)}"
            if status == 202:
                self.conn.fail(request_id, CallFailure(
                    "malformed", f"{self.spec.url} answered a request with 202 Accepted",
                    sent=True))
                return
            self.conn.fail(request_id, CallFailure(
                "http_status", self.conn.r(message), sent=True, status=status,
                retry_after=_retry_after(response.headers.get("retry-after")), code=code,
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
                                         f" {_excerpt(body)!r}"), sent=True))
            return
        try:
            parsed = json.loads(body)
        except ValueError:
            self.conn.fail(request_id, CallFailure(
                "malformed", self.conn.r(f"not JSON: {_excerpt(body)!r}"), sent=True))
            return
        self.conn.deliver(parsed)
        pending = self.conn.pending.get(request_id)
        if pending is not None and not pending.event.is_set():
            self.conn.fail(request_id, CallFailure(
                "malformed", self.conn.r(f"the body is not the response: {_excerpt(body)!r}"),
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


class _MemoryTransport(_Transport):
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

    async def send(self, message: dict[str, Any], pending: _Pending | None) -> None:
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


# -- the session ---------------------------------------------------------------------------


class AdapterSession:
    """An initialized connection to one server. Use through ``open_session``."""

    def __init__(self, spec: ServerSpec, conn: _Connection) -> None:
        self.spec = spec
        self._conn = conn
        #: the raw ``initialize`` result
        self.initialize_result: dict[str, Any] = {}

    @property
    def server_info(self) -> dict[str, Any]:
        info = self.initialize_result.get("serverInfo")
        return dict(info) if isinstance(info, dict) else {}

    @property
    def protocol_version(self) -> str | None:
        version = self.initialize_result.get("protocolVersion")
        return version if isinstance(version, str) else None

    @property
    def capabilities(self) -> dict[str, Any]:
        caps = self.initialize_result.get("capabilities")
        return dict(caps) if isinstance(caps, dict) else {}

    def stderr_tail(self) -> list[str]:
        """The last lines the server wrote to stderr (stdio only), redacted."""
        return self._conn.transport.stderr_tail()

    async def _initialize(self, timeout: float) -> None:
        result = await self._conn.request("initialize", {
            "protocolVersion": _handshake_version(),
            "capabilities": declare(self.spec.capabilities),
            "clientInfo": CLIENT_INFO,
        }, timeout=timeout)
        self.initialize_result = result
        if isinstance(self._conn.transport, _HttpTransport):
            self._conn.transport.protocol_version = self.protocol_version
        await self._conn.notify("notifications/initialized")

    async def request_raw(self, method: str, params: Mapping[str, Any] | None = None, *,
                          timeout: float) -> dict[str, Any]:
        """Any request; the raw result dict. Raises ``CallFailure``."""
        return await self._conn.request(method, params, timeout=timeout)

    async def notify_raw(self, method: str, params: Mapping[str, Any] | None = None) -> None:
        await self._conn.notify(method, params)

    async def list_tools_raw(self, *, timeout: float | None = None) -> Listing:
        """Every page of ``tools/list``, raw. ``timeout`` bounds the whole walk (default: the
        spec's list_timeout). Raises ``CallFailure`` or, for a runaway or malformed
        listing, ``SourceError``."""
        async def page(params: dict[str, Any], remaining: float) -> dict[str, Any]:
            return await self._conn.request("tools/list", params, timeout=remaining)

        tools, rejected = await _walk_tools(
            self.spec.name, page, self.spec.list_timeout if timeout is None else timeout)
        return Listing(tools=tools, server_info=self.server_info,
                       protocol_version=self.protocol_version, rejected=rejected,
                       client_capabilities=tuple(sorted(self.spec.capabilities)))

    async def call_tool_raw(self, name: str, arguments: Mapping[str, Any] | None, *,
                            timeout: float) -> dict[str, Any]:
        """The raw ``CallToolResult`` dict (content, structuredContent, isError, _meta...),
        secrets redacted. Raises ``CallFailure``."""
        result = await self._conn.request(
            "tools/call", {"name": name, "arguments": dict(arguments or {})}, timeout=timeout)
        redacted: dict[str, Any] = _redact_json(result, self._conn.secrets)
        return redacted

    def on_tools_list_changed(self, callback: Callable[[], Any]) -> None:
        """Call ``callback()`` (sync or async) on every ``notifications/tools/list_changed``."""
        self.on_notification("notifications/tools/list_changed", lambda _params: callback())

    def on_notification(self, method: str,
                        callback: Callable[[Mapping[str, Any] | None], Any]) -> None:
        """Call ``callback(params)`` on every notification ``method`` from the server."""
        self._conn.listeners.setdefault(method, []).append(callback)
        self._conn.spawn(self._conn.transport.listen)


async def _walk_tools(server: str,
                      page: Callable[[dict[str, Any], float], Awaitable[Mapping[str, Any]]],
                      timeout: float) -> tuple[list[dict[str, Any]], list[tuple[str, str]]]:
    """Every page of ``tools/list`` through ``page(params, remaining_seconds)``: the raw
    definitions and the ones that could not be read. ``timeout`` bounds the whole walk."""
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
        result = await page(params, max(0.0, deadline - anyio.current_time()))
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


def _transport(spec: ServerSpec) -> _Transport:
    if spec.kind == "stdio":
        return _StdioTransport(spec)
    if spec.kind == "url":
        return _HttpTransport(spec)
    if spec.kind == "object":
        obj = spec.obj
        if obj is None:
            if not spec.object_ref:
                raise SourceError(f"server {spec.name!r}: no object reference")
            from parity.sources.server import import_ref

            obj = import_ref(spec.object_ref, root=spec.root)
        try:
            return _MemoryTransport(obj)
        except TypeError as exc:
            raise SourceError(f"server {spec.name!r}: {spec.object_ref or 'object'}: {exc}",
                              hint="point `object` at a FastMCP, MCPServer or lowlevel Server "
                                   "instance") from None
    raise SourceError(f"server {spec.name!r}: cannot connect to a {spec.kind!r} source")


def _first_error(group: BaseExceptionGroup[Any]) -> BaseException:
    """The first non-cancellation error of a task-group failure (anyio groups them)."""
    for exc in group.exceptions:
        found: BaseException = _first_error(exc) if isinstance(exc, BaseExceptionGroup) else exc
        if not isinstance(found, anyio.get_cancelled_exc_class()):
            return found
    fallback: BaseException = group
    return fallback


@contextlib.asynccontextmanager
async def open_session(spec: ServerSpec) -> AsyncIterator[AdapterSession]:
    """Start or reach the server, run the ``initialize`` handshake within
    ``spec.start_timeout`` and yield the session; the server is stopped on exit.
    Raises ``CallFailure`` when the server cannot be started or initialized; a
    ``CallFailure`` leaving the block carries ``stderr_tail`` (stdio servers)."""
    transport = _transport(spec)
    conn = _Connection(transport, tuple(spec.secrets))
    transport.conn = conn
    try:
        async with anyio.create_task_group() as tg:
            conn.tg = tg
            try:
                await transport.start(tg)
                session = AdapterSession(spec, conn)
                await session._initialize(spec.start_timeout)
                yield session
            except CallFailure as exc:
                # stop first: the last stderr lines are often written while exiting
                await transport.close()
                await transport.drain()
                exc.stderr_tail = transport.stderr_tail()
                raise
            finally:
                conn.tg = None
                await transport.close()
                tg.cancel_scope.cancel()
    except BaseExceptionGroup as group:
        raise _first_error(group) from None


# -- the user's own SDK session ------------------------------------------------------------
#
# Agents often already hold an ``mcp`` ``ClientSession`` (1.x, 2.x) or 2.x ``Client``.
# ``wrap_session`` gives it the ``AdapterSession`` shape the pinned client needs.
#
# Raw fidelity. Both generations hand a request's ``result`` to ``send_request`` as the
# decoded JSON object; parity asks for it with a permissive ``result_type`` (a pydantic
# ``RootModel[dict]``), so tool definitions and call results come back as raw wire JSON,
# every field kept, on both generations. What the SDK still does on the way:
#
# * 1.x: nothing to the result. A failed call raises ``McpError`` (code and message only:
#   1.x tears an HTTP 429 transport down, so no status and no ``Retry-After``).
# * 2.x: ``send_request`` first validates the result against the negotiated protocol
#   version's models (``validate_server_result``): a listing with one tool the SDK
#   rejects (an ``inputSchema`` without ``"type": "object"``...) fails whole, as
#   ``CallFailure("malformed")``, where parity's own session would pin it. Result-level
#   fields of a *later* protocol revision than the negotiated one (``ttlMs``,
#   ``cacheScope`` on a 2025 session) are dropped; tool definitions themselves are
#   untouched. HTTP errors reach parity as a JSON-RPC error (no status, no
#   ``Retry-After``): ``CallFailure("jsonrpc_error")``.
#
# Notifications. On 1.x and on 2.x sessions that negotiated a handshake-era version
# (``initialize``), ``notifications/tools/list_changed`` reaches only the
# ``message_handler`` the session was built with: pass a ``ListChangedHandler`` there
# (``message_handler(your_own_handler)``). Without one, ``wrap_session`` chains one into
# the session's private ``_message_handler`` attribute (both generations read it at every
# notification), so an unprepared session is still watched. On 2.x 2026-07-28 sessions
# (``server/discover``), change events come only through a ``subscriptions/listen`` stream:
# ``on_tools_list_changed`` opens one (``Client.listen`` / ``mcp.client.subscriptions.listen``)
# in the session's task group, and a listing waits for its acknowledgment, so no change can
# fall between the listing and the subscription.


def _notification_method(message: Any) -> str | None:
    root = getattr(message, "root", message)  # 1.x wraps notifications in a RootModel
    method = getattr(root, "method", None)
    return method if isinstance(method, str) else None


class ListChangedHandler:
    """A ``message_handler`` for an ``mcp`` ``ClientSession`` or 2.x ``Client`` that calls
    every registered callback on ``notifications/tools/list_changed``, then hands every
    message (that one included) to ``chained``, the agent's own handler, if any::

        handler = ListChangedHandler(my_handler)       # or parity.mcp.adapter.message_handler()
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
                           data=_redact_json(getattr(error, "data", None), secrets))
    if type(exc).__name__ == "ValidationError" and type(exc).__module__.startswith("pydantic"):
        return CallFailure("malformed", redact(
            f"{what}: the mcp SDK rejected the server's result: "
            f"{_excerpt(str(exc), 300)}", secrets), sent=True)
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
        self._listening = False
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

        async def page(params: dict[str, Any], remaining: float) -> dict[str, Any]:
            return await self.request_raw("tools/list", params or None, timeout=remaining)

        tools, rejected = await _walk_tools(self.name, page, timeout)
        return Listing(tools=tools, server_info=self.server_info,
                       protocol_version=self.protocol_version, rejected=rejected,
                       client_capabilities=declared_capabilities(self.session))

    async def call_tool_raw(self, name: str, arguments: Mapping[str, Any] | None, *,
                            timeout: float) -> dict[str, Any]:
        """The raw ``CallToolResult`` dict, secrets redacted (no output-schema validation
        and no input-required driving by the SDK). Raises ``CallFailure``."""
        result = await self.request_raw(
            "tools/call", {"name": name, "arguments": dict(arguments or {})}, timeout=timeout)
        redacted: dict[str, Any] = _redact_json(result, self.secrets)
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
            _log.warning("cannot watch tools/list_changed: pass parity.mcp.adapter."
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
        assert self._listen_ready is not None
        ready = self._listen_ready
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
            losses = 1 if anyio.current_time() - opened > 30 else losses + 1
            self._fire()
            await anyio.sleep(0.2 * 2 ** losses)
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
                        "ClientSession, an mcp Client (2.x) or a parity.mcp.adapter session "
                        "(open_session)")
    return SdkSession(session, client=client, handler=handler, name=name,
                      server_info=server_info, list_timeout=list_timeout, secrets=secrets)


# -- the synchronous entry point -----------------------------------------------------------


def _with_stderr(message: str, tail: list[str]) -> str:
    if not tail:
        return message
    lines = "\n".join(f"    {line}" for line in tail)
    return f"{message}\n  server stderr (last {len(tail)} lines):\n{lines}"


def fetch_tools(spec: ServerSpec) -> Listing:
    """Every tool of a live server, raw (synchronous; call it outside an event loop).

    ``spec.start_timeout`` bounds starting and ``initialize``; ``spec.list_timeout`` bounds
    the whole paginated ``tools/list``. Never hangs and never shows a traceback: a server
    that does not start, hangs or exits gives a ``SourceError`` with its stderr tail."""
    where = spec.url if spec.kind == "url" else " ".join(spec.command) or spec.object_ref
    where = redact(str(where), spec.secrets)
    phase = "starting"

    async def run() -> Listing:
        nonlocal phase
        try:
            async with open_session(spec) as session:
                phase = "listing the tools of"
                return await session.list_tools_raw()
        except CallFailure as exc:
            raise _source_error(spec, where, phase, exc) from None

    return anyio.run(run)


def _source_error(spec: ServerSpec, where: str, phase: str, exc: CallFailure) -> SourceError:
    what = {
        "unavailable": "could not reach it",
        "timeout": "it did not answer in time",
        "http_status": "it answered with an HTTP error",
        "jsonrpc_error": "it answered with an error",
        "malformed": "it answered something that is not MCP",
    }[exc.kind]
    message = f"server {spec.name!r} ({where}): {phase} it failed: {what}: {exc}"
    return SourceError(redact(_with_stderr(message, exc.stderr_tail), spec.secrets),
                       hint="check that the command or URL starts an MCP server; "
                            "raise start_timeout/list_timeout if it is just slow")
