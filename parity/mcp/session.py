"""An initialized session with one server, through parity's own JSON-RPC layer.

``open_session(spec)`` starts or reaches the server and runs ``initialize``; the
``AdapterSession`` it yields lists tools and calls them as raw wire JSON. ``fetch_tools`` is
the synchronous entry point extraction and ``parity lock`` use; ``fetching`` lists several
servers side by side.

Secrets (env and header values) are redacted from every message, from stderr tails and from
``call_tool_raw`` results and errors. Tool definitions are returned untouched: redacting them
would change their hashes whenever an env value happens to occur in a description.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future
from typing import Any

import anyio
from anyio.from_thread import start_blocking_portal

from parity.core.redact import redact, redact_json
from parity.core.terminal import clipped, printable
from parity.errors import SourceError
from parity.mcp import era
from parity.mcp.capabilities import declare
from parity.mcp.connection import Connection, walk_tools
from parity.mcp.http import HttpTransport
from parity.mcp.listen import Listener, announced, listened
from parity.mcp.sdk import SDK_MAJOR
from parity.mcp.spec import CallFailure, Listing, ServerSpec
from parity.mcp.stdio import StdioTransport
from parity.mcp.transports import MemoryTransport, Transport

if sys.version_info < (3, 11):  # pragma: no cover
    from exceptiongroup import BaseExceptionGroup  # type: ignore[import-not-found,unused-ignore]

CLIENT_INFO = {"name": "parity", "version": "0.1.0"}


class AdapterSession:
    """An initialized connection to one server. Use through ``open_session``."""

    def __init__(self, spec: ServerSpec, conn: Connection, transport: Transport) -> None:
        self.spec = spec
        self._conn = conn
        self._transport = transport
        #: the raw ``initialize`` result (the handshake era)
        self.initialize_result: dict[str, Any] = {}
        #: the raw ``server/discover`` result (a 2026-era session: ``parity.mcp.era``)
        self.discover_result: dict[str, Any] | None = None
        self._version: str | None = None
        #: a 2026-era session's ``subscriptions/listen`` streams, by notification
        self._listeners: dict[str, Listener] = {}

    @property
    def server_info(self) -> dict[str, Any]:
        if self.discover_result is not None:  # its ``_meta`` stamp, display only
            from mcp_types import SERVER_INFO_META_KEY

            stamps = self.discover_result.get("_meta")
            info = stamps.get(SERVER_INFO_META_KEY) if isinstance(stamps, dict) else None
        else:
            info = self.initialize_result.get("serverInfo")
        return dict(info) if isinstance(info, dict) else {}

    @property
    def protocol_version(self) -> str | None:
        version = self._version or self.initialize_result.get("protocolVersion")
        return version if isinstance(version, str) else None

    @property
    def capabilities(self) -> dict[str, Any]:
        caps = (self.discover_result or self.initialize_result).get("capabilities")
        return dict(caps) if isinstance(caps, dict) else {}

    @property
    def secrets(self) -> tuple[str, ...]:
        """The server's secrets (its spec's env and header values), redacted from results."""
        return tuple(self._conn.secrets)

    def stderr_tail(self) -> list[str]:
        """The last lines the server wrote to stderr (stdio only), redacted."""
        return self._transport.stderr_tail()

    async def _initialize(self, timeout: float) -> None:
        """Start the session in the era ``spec.protocol`` asks for (``parity.mcp.era``)."""
        protocol, capabilities = self.spec.protocol, declare(self.spec.capabilities)
        if protocol is not None and era.discovers(protocol):
            async def ask(version: str, remaining: float) -> dict[str, Any]:
                self._conn.stamp = era.Stamp(version, CLIENT_INFO, capabilities,
                                             over_http=self.spec.kind == "url")
                return await self._conn.request("server/discover", None, timeout=remaining)

            found = await era.discover(ask, protocol, timeout)
            self._conn.stamp = None
            if found is not None:
                self._version, self.discover_result = found
                self._conn.stamp = era.Stamp(found[0], CLIENT_INFO, capabilities,
                                             over_http=self.spec.kind == "url")
                return
        offered = era.handshake(protocol)
        result = await self._conn.request("initialize", {
            "protocolVersion": offered,
            "capabilities": capabilities,
            "clientInfo": CLIENT_INFO,
        }, timeout=timeout)
        era.check_answered(result.get("protocolVersion"), offered)
        self.initialize_result = result
        await self._conn.notify("notifications/initialized")

    async def request_raw(self, method: str, params: Mapping[str, Any] | None = None, *,
                          timeout: float) -> dict[str, Any]:
        """Any request; the raw result dict. Raises ``CallFailure``."""
        return await self._conn.request(method, params, timeout=timeout)

    async def list_tools_raw(self, *, timeout: float | None = None) -> Listing:
        """Every page of ``tools/list``, raw. ``timeout`` bounds the whole walk (default: the
        spec's list_timeout). Raises ``CallFailure`` or, for a runaway or malformed
        listing, ``SourceError``."""
        timeout = self.spec.list_timeout if timeout is None else timeout
        watching = self._listeners.get("notifications/tools/list_changed")
        if watching is not None:  # list only once changes are subscribed to
            await watching.wait_ready(timeout)

        async def page(params: dict[str, Any], remaining: float,
                       ) -> tuple[dict[str, Any], bool, int | None]:
            return await self._conn.request_proved("tools/list", params, timeout=remaining)

        tools, rejected = await walk_tools(self.spec.name, page, timeout)
        if isinstance(self._conn.stamp, era.Stamp):
            self._conn.stamp.listed(tools)
        return Listing(tools=tools, server_info=self.server_info,
                       protocol_version=self.protocol_version, rejected=rejected,
                       client_capabilities=tuple(sorted(self.spec.capabilities)),
                       plain_json=True)

    async def call_tool_raw(self, name: str, arguments: Mapping[str, Any] | None, *,
                            timeout: float) -> dict[str, Any]:
        """The raw ``CallToolResult`` dict (content, structuredContent, isError, _meta...),
        secrets redacted. Raises ``CallFailure``."""
        result = await self._conn.request(
            "tools/call", {"name": name, "arguments": dict(arguments or {})}, timeout=timeout)
        redacted: dict[str, Any] = redact_json(result, self._conn.secrets)
        return redacted

    def on_tools_list_changed(self, callback: Callable[[], Any]) -> None:
        """Call ``callback()`` (sync or async) on every ``notifications/tools/list_changed``."""
        self.on_notification("notifications/tools/list_changed", lambda _params: callback())

    def on_notification(self, method: str,
                        callback: Callable[[Mapping[str, Any] | None], Any]) -> None:
        """Call ``callback(params)`` on every notification ``method`` from the server (on a
        2026-era session, the ``subscriptions/listen`` stream it takes is opened)."""
        self._conn.listeners.setdefault(method, []).append(callback)
        if self.discover_result is None:
            self._conn.spawn(self._transport.listen)
        elif method not in self._listeners:
            if not listened(method):
                raise ValueError(f"{method} is not sent on MCP {self.protocol_version} "
                                 "listen streams")
            if announced(method, self.capabilities):  # as the handshake era: else silent
                self._listeners[method] = Listener(self._conn, method, self.spec.name)
                self._listeners[method].start()




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
    transport = make_transport(spec)
    conn = Connection(transport, tuple(spec.secrets))
    transport.conn = conn
    try:
        async with anyio.create_task_group() as tg:
            conn.tg = tg
            try:
                await transport.start(tg)
                session = AdapterSession(spec, conn, transport)
                await session._initialize(spec.start_timeout)
                yield session
            except CallFailure as exc:
                # stop first: the last stderr lines are often written while exiting
                conn.stop_listeners()
                await transport.close()
                await transport.drain()
                exc.stderr_tail = transport.stderr_tail()
                raise
            finally:
                conn.tg = None
                conn.stop_listeners()  # before closing: none of them writes to a closed server
                await transport.close()
                tg.cancel_scope.cancel()
    except BaseExceptionGroup as group:
        raise _first_error(group) from None




# -- the synchronous entry point -----------------------------------------------------------


def with_stderr_tail(message: str, tail: list[str]) -> str:
    """``message`` followed by the server's last stderr lines (``CallFailure.stderr_tail``,
    already redacted), indented: how users see why their server failed."""
    if not tail:
        return message
    lines = "\n".join(f"    {line}" for line in tail)
    return f"{message}\n  server stderr (last {len(tail)} lines):\n{lines}"


def fetch_tools(spec: ServerSpec) -> Listing:
    """Every tool of a live server, raw (synchronous; call it outside an event loop).

    ``spec.start_timeout`` bounds starting and ``initialize``; ``spec.list_timeout`` bounds
    the whole paginated ``tools/list``. Never hangs and never shows a traceback: a server
    that does not start, hangs or exits gives a ``SourceError`` with its stderr tail."""
    return anyio.run(list_tools, spec)


async def list_tools(spec: ServerSpec) -> Listing:
    """``fetch_tools`` in the caller's event loop."""
    where = spec.url if spec.kind == "url" else " ".join(spec.command) or spec.object_ref
    where = redact(str(where), spec.secrets)
    phase = "starting"
    try:
        async with open_session(spec) as session:
            phase = "listing the tools of"
            return await session.list_tools_raw()
    except CallFailure as exc:
        raise _source_error(spec, where, phase, exc) from None


@contextlib.contextmanager
def fetching(specs: Sequence[ServerSpec], *, at_once: int) -> Iterator[list[Future[Listing]]]:
    """``fetch_tools`` of every spec, side by side, while the caller goes on: in one event
    loop run by a thread of its own (``anyio``'s blocking portal), at most ``at_once``
    listings at a time. The futures are in ``specs``' order. Leaving the block by an
    exception (an interruption too) cancels the listings still running, which stops their
    servers; leaving it normally waits for them."""
    _import_sdk(specs)
    with start_blocking_portal(name="parity-list") as portal:
        limit = portal.call(anyio.Semaphore, max(1, at_once))

        async def one(spec: ServerSpec) -> Listing:
            async with limit:
                return await list_tools(spec)

        yield [portal.start_task_soon(one, spec) for spec in specs]


#: the most of a server's own words an error shows (``_source_error``)
_SAID_LIMIT = 4000


def _import_sdk(specs: Sequence[ServerSpec]) -> None:
    """Import the SDK in the caller's thread, before the listing thread starts, where that
    thread would import it too: two threads importing ``mcp`` at once, the caller describing
    the agent's stubs (``mcp.server``) and a listing connecting (``mcp.client``), meet the
    cycle between the two packages, and one got ``mcp.server`` half initialized (``cannot
    import name 'Server'``). A URL listing imports the SDK's HTTP client, a stdio listing
    its ``stdio_client`` module (the environment a server is started in,
    ``sdk.default_environment``): both run that cycle, so they are imported here."""
    over_http = any(spec.kind == "url" for spec in specs)
    over_stdio = any(spec.kind == "stdio" for spec in specs)
    if SDK_MAJOR < 2 or over_http or over_stdio:
        import mcp  # its ``__init__`` runs the cycle, whole, here

        if over_http:
            import mcp.client.streamable_http
        if over_stdio:
            import mcp.client.stdio  # noqa: F401


def _source_error(spec: ServerSpec, where: str, phase: str, exc: CallFailure) -> SourceError:
    what = {
        "unavailable": "could not reach it",
        "timeout": "it did not answer in time",
        "http_status": "it answered with an HTTP error",
        "jsonrpc_error": "it answered with an error",
        "malformed": "it answered something that is not MCP",
    }[exc.kind]
    # the server's words on one line, cut to a readable length: a line break in them could
    # start a line of its own (a CI log's workflow command), and an error may be megabytes
    said = printable(clipped(str(exc), limit=_SAID_LIMIT, keep=_SAID_LIMIT - 200))
    message = f"{_server_named(spec, where)}: {phase} it failed: {what}: {said}"
    return SourceError(redact(with_stderr_tail(message, exc.stderr_tail), spec.secrets),
                       hint=exc.hint or _era_hint(spec, phase, exc)
                       or "check that the command or URL starts an MCP server; raise "
                          "start_timeout/list_timeout if it is just slow")


def _server_named(spec: ServerSpec, where: str) -> str:
    """The server as a message names it: its name and where it is, or where alone for an
    ad-hoc server named after it (``--url``: ``'server'``; ``--stdio``: the command's
    first word), whose name would only repeat it."""
    unnamed = spec.name == "server" or (spec.kind == "stdio" and bool(spec.command)
                                        and spec.name == spec.command[0])
    return f"server {where}" if unnamed else f"server {spec.name!r} ({where})"


def _era_hint(spec: ServerSpec, phase: str, exc: CallFailure) -> str | None:
    """What to do when the server refused the protocol era parity spoke (``era``)."""
    if exc.kind != "jsonrpc_error":
        return None
    if exc.code == METHOD_NOT_FOUND and phase != "starting":
        return ("the server has no tools/list (does it declare the `tools` capability?); "
                "check that the command or URL is the MCP server meant")
    if era.is_modern(spec.protocol) and phase == "starting":
        # ``verify`` has no --protocol: it lists as the lock was listed, so the way out is
        # a new lock, or the configuration
        return ("list under the handshake: `parity lock --protocol auto` (a lock listed "
                "under this version is verified under it), or the server's `protocol` key "
                "(\"auto\", or none)")
    if spec.protocol is None and phase != "starting" and exc.code == INTERNAL_ERROR and \
            era.known_versions()[1]:
        # what an SDK server answers when the handshake's models cannot carry a tool
        # ("Handler returned an invalid result"); a server without tools (-32601), or any
        # other refusal, is no sign of it
        modern = era.known_versions()[1][-1]
        return (f"a server that speaks MCP {modern} may list tools an older version cannot "
                f"carry (an outputSchema that is not an object): list under it with "
                f"`parity lock --protocol {modern}` (or the server's `protocol` key)")
    return None


#: JSON-RPC's internal error, and its unknown method
INTERNAL_ERROR, METHOD_NOT_FOUND = -32603, -32601

