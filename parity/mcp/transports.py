"""How messages reach a server. Each transport hands the ``Connection`` the JSON values the
server sent and reports what went wrong as a ``CallFailure``.

``SdkStreamTransport`` runs over the SDK's own message streams: ``MemoryTransport`` (an
in-process server) here, streamable HTTP in ``parity.mcp.http``. stdio is in
``parity.mcp.stdio`` (it says why it is not on the SDK's ``stdio_client``)."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import anyio
import anyio.abc

from parity.core.jsonio import decoded_json, unrepresentable
from parity.mcp.sdk import SDK_MAJOR
from parity.mcp.servers import lowlevel_server
from parity.mcp.spec import (
    CallFailure,
)

if TYPE_CHECKING:
    from parity.mcp.connection import Connection, Pending

#: Seconds a stopping in-process server gets before it is cancelled.
STOP_GRACE = 2.0


class Transport:
    """One way of reaching a server; ``open_session`` drives it."""

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


class SdkStreamTransport(Transport):
    """A transport over the SDK's message streams: raw dicts go out as the SDK's
    ``SessionMessage``; what comes back is dumped to the dict the server sent (a request's
    ``result`` is a plain dict in both generations' models, so it stays the wire JSON)."""

    def __init__(self) -> None:
        self.read: Any = None
        self.write: Any = None
        self.tg: anyio.abc.TaskGroup | None = None

    def attach(self, read: Any, write: Any) -> None:
        """Use the SDK's ``(read, write)`` streams."""
        self.read, self.write = read, write

    async def pump(self) -> None:
        """Hand every message from the read stream to ``on_message`` until it closes."""
        with contextlib.suppress(anyio.ClosedResourceError, anyio.EndOfStream,
                                 anyio.BrokenResourceError):
            async for item in self.read:
                if isinstance(item, Exception):  # a line or body the SDK could not read
                    self.conn.note_garbage(_unreadable(item))
                    continue
                message, proved = _as_sent(item.message, self.proved_already(item.message))
                self.on_message(message | {"jsonrpc": "2.0"}, proved=proved)

    def proved_already(self, message: Any) -> bool:
        """Whether the transport proved the text ``message`` was read from clean (what
        ``_as_sent`` would prove again); none does but HTTP's, for a JSON body."""
        return False

    def on_message(self, message: dict[str, Any], *, proved: bool = False) -> None:
        """One message from the server, as a raw dict (``proved``: see ``_as_sent``)."""
        self.conn.deliver(message, proved=proved)

    async def send(self, message: dict[str, Any], pending: Pending | None) -> None:
        from mcp.shared.message import SessionMessage

        if self.write is None:
            raise CallFailure("unavailable", "the transport is not connected", sent=False)
        try:
            await self.write.send(SessionMessage(_sdk_message(message),
                                                 metadata=_metadata(pending)))
        except (anyio.ClosedResourceError, anyio.BrokenResourceError):
            raise CallFailure("unavailable", self.conn.lost or "the connection is closed",
                              sent=False) from None
        if pending is not None:
            pending.sent = True


def _metadata(pending: Pending | None) -> Any:
    """The SDK's per-message metadata: the HTTP headers of a 2026-era request."""
    if pending is None or pending.headers is None:
        return None
    from mcp.shared.message import ClientMessageMetadata

    return ClientMessageMetadata(headers=pending.headers)


#: the members that hold a message's payload (a response's, a request's or a notification's),
#: a plain ``dict`` in both generations' models
_PAYLOADS = ("result", "params")


def _sdk_message(message: dict[str, Any]) -> Any:
    """The SDK's model of the JSON-RPC message ``message``."""
    if SDK_MAJOR >= 2:
        from mcp_types import jsonrpc_message_adapter

        return jsonrpc_message_adapter.validate_python(message)
    from mcp.types import JSONRPCMessage

    return JSONRPCMessage.model_validate(message)  # type: ignore[attr-defined,unused-ignore]


def _as_sent(message: Any, proved: bool = False) -> tuple[dict[str, Any], bool]:
    """The message as a JSON dict, and whether its payload was proved to hold nothing
    ``unrepresentable`` finds (``proved``: its text was, so the SDK's reading of it is
    decoded JSON already). The JSON dump writes NaN and the infinities as ``null``,
    which would hide a value the server sent (and pin a schema it never said): a message
    holding one is handed on as parsed, for the connection to name tool and pointer.

    A payload that is already decoded JSON (``decoded_json``: what a parsed body or a
    server's own JSON dump holds) is handed on as it is, with the envelope dumped around it,
    and proved: the two dumps of a 500-tool listing took three times what the proof takes
    (72 against 25 ms), and the collector ran over their copies."""
    message = getattr(message, "root", message)  # 1.x: a RootModel around the message
    fields = message.model_fields_set
    for name in _PAYLOADS:
        if name in fields:
            payload = getattr(message, name)
            if payload.__class__ is dict and (proved or decoded_json(payload)):
                sent: dict[str, Any] = message.model_dump(
                    by_alias=True, mode="json", exclude_unset=True, exclude={name})
                sent[name] = payload
                return sent, True
            break
    parsed: dict[str, Any] = message.model_dump(by_alias=True, mode="python",
                                                exclude_unset=True)
    if unrepresentable(parsed) is not None:
        return parsed, False
    dumped: dict[str, Any] = message.model_dump(by_alias=True, mode="json", exclude_unset=True)
    return dumped, False


def _unreadable(exc: Exception) -> str:
    # pydantic says what it could not read in its first error's input
    errors = getattr(exc, "errors", None)
    if callable(errors):
        with contextlib.suppress(Exception):
            value = errors()[0].get("input")
            if isinstance(value, bytes):
                return value.decode("utf-8", "replace")
            if value is not None:
                return str(value)
    return repr(exc)


def _user_exit(exc: BaseException) -> BaseException | None:
    """The ``SystemExit`` or ``KeyboardInterrupt`` in ``exc`` (maybe in a task group's
    exception group), or None."""
    if isinstance(exc, (SystemExit, KeyboardInterrupt)):
        return exc
    for inner in getattr(exc, "exceptions", ()):  # a BaseExceptionGroup
        found = _user_exit(inner)
        if found is not None:
            return found
    return None


class MemoryTransport(SdkStreamTransport):
    """An in-process server on the SDK's memory streams."""

    def __init__(self, server: Any) -> None:
        super().__init__()
        self.server = lowlevel_server(server)
        self.done = anyio.Event()
        self.stack = contextlib.AsyncExitStack()
        self.scope: anyio.CancelScope | None = None

    async def start(self, tg: anyio.abc.TaskGroup) -> None:
        from mcp.shared.memory import create_client_server_memory_streams

        client_streams, server_streams = await self.stack.enter_async_context(
            create_client_server_memory_streams())
        self.attach(*client_streams)
        server_read, server_write = server_streams

        async def serve() -> None:
            try:
                with anyio.CancelScope() as self.scope:
                    await self.server.run(server_read, server_write,
                                          self.server.create_initialization_options())
            except Exception as exc:
                self.conn.connection_lost(f"the in-process server failed: {exc!r}")
            except BaseException as exc:
                # sys.exit() or an interrupt raised by the user's tool code is its mistake:
                # the server is gone, every call says why (cancellation still propagates)
                raised = _user_exit(exc)
                if raised is None:
                    raise
                self.conn.connection_lost(f"the in-process server raised "
                                          f"{type(raised).__name__}: {raised}".rstrip(": "))
            finally:
                self.done.set()

        tg.start_soon(serve)
        tg.start_soon(self._read)

    async def _read(self) -> None:
        await self.pump()
        self.conn.connection_lost("the in-process server closed the connection")

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


async def read_at_most(response: Any, limit: int) -> tuple[bytes, bool]:
    """A response's body, decoded (gzip...), read until ``limit`` bytes are passed: the body
    (cut past the limit) and whether it was read whole; a longer one is closed unread, as a
    stdio line or an SSE event past its bound is (``MAX_MESSAGE_BYTES``)."""
    pieces: list[bytes] = []
    size = 0
    async for piece in response.aiter_bytes():
        pieces.append(piece)
        size += len(piece)
        if size > limit:
            await response.aclose()
            return b"".join(pieces), False
    return b"".join(pieces), True
