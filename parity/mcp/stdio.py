"""stdio: the server as a subprocess, newline-delimited JSON-RPC on its stdin and stdout.

Why this is not the SDK's ``stdio_client`` (mcp 1.30: ``mcp/client/stdio/__init__.py``;
mcp 2.3: ``mcp/client/stdio.py``). Three things parity reports cannot pass through it:

* **the exit code.** The server process is a local variable of the ``stdio_client``
  generator; only the two message streams come out. parity's messages say "the server
  exited with code 3" next to its stderr tail, and tests hold them to it.
* **truncated output.** ``stdout_reader`` keeps a partial last line in ``buffer`` and drops
  it at end of file, so a server that dies mid-message looks like one that closed cleanly:
  the request it was answering becomes ``unavailable`` instead of ``malformed``, which
  changes the guard's verdict and the drill's expected outcomes.
* **which request a bad line answered, and the line as written.** Each line is parsed by
  pydantic (``JSONRPCMessage.model_validate_json`` / ``jsonrpc_message_adapter.validate_json``)
  and a failure reaches the session as a bare exception: parity could only wait for the
  deadline. Reading lines itself keeps the wire JSON (lone surrogates, huge numbers) for the
  connection to judge: ``orjson`` where it proves a line clean as it reads it
  (``jsonio.proved_loads``, the line then marked proved), ``json`` (``jsonio.parse``) for
  the rest.

What is the SDK's: the environment the server starts in (``get_default_environment`` and
its ``env``, ``sdk.default_environment``) and the depth of JSON it reads
(``sdk.json_depth_limit``). What is kept small: the process runs in its own process group
(so a wrapper's children stop too), is asked to stop by closing stdin, then SIGTERM, then
SIGKILL, as the MCP lifecycle and the SDK do; stderr is kept as a bounded tail for messages.

The server's exit ends the connection even while its pipes stay open: a daemon it started
in a session of its own (outside its process group, which parity leaves alone) inherits its
stdout and stderr and may hold them for ever, and waiting for their end turned "the server
exited with code 4" into a timeout. What the server wrote before exiting is still read.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import math
import os
import re
import signal
import sys
from collections import deque
from collections.abc import Callable
from typing import Any

import anyio
import anyio.abc

from parity.core.jsonio import NOT_PROVED, parse, proved_loads
from parity.mcp.connection import Pending
from parity.mcp.sdk import default_environment, json_depth_limit
from parity.mcp.spec import (
    DEEP_HINT,
    MAX_MESSAGE_BYTES,
    STDERR_TAIL_LINES,
    CallFailure,
    ServerSpec,
    excerpt,
    nested_deeper,
    too_deep,
)
from parity.mcp.transports import Transport

#: Longest stderr line kept (bytes); a longer one is cut and marked with an ellipsis.
MAX_STDERR_LINE = 65536
#: Seconds a stopping server gets before it is terminated, then killed.
STOP_GRACE = 2.0
#: Seconds a stdio server gets to exit on its own once its stdin is closed.
EOF_GRACE = 1.0
#: Seconds to wait for the exit code of a server whose stdout closed (it is almost always
#: exiting): the message names the code. Half a second was missed on a loaded CI machine.
EXIT_CODE_WAIT = 2.0
#: Seconds a pipe of a server that exited may stay quiet before all it wrote is taken as
#: read: a descendant holding the pipe keeps its end from coming. What the server wrote
#: before exiting is in the pipe already, read before this runs out.
DRAIN_IDLE = 0.5
#: Most seconds a pipe is read once the server exited (a descendant may go on writing).
DRAIN_LIMIT = 2.0


def _stderr_line(line: bytes) -> str:
    if len(line) <= MAX_STDERR_LINE:
        return line.decode("utf-8", "replace").rstrip()
    # cut where a secret may be cut: the ellipsis makes redaction's backstop hide a secret's
    # leading part, and the rest of the line is never kept
    return line[:MAX_STDERR_LINE].decode("utf-8", "replace") + "…"


class StdioTransport(Transport):
    def __init__(self, spec: ServerSpec) -> None:
        self.spec = spec
        self.process: anyio.abc.Process | None = None
        self.stderr: deque[str] = deque(maxlen=200)
        self.stderr_done = anyio.Event()
        # a line being read, in chunks (stdout), and the rest of a stderr line being read
        self.partial: list[bytes] = []
        self.partial_size = 0
        self.stderr_partial = b""
        self.stderr_skipping = False  # the rest of a stderr line already kept cut
        self.write_lock = anyio.Lock()
        self.closed = False

    async def start(self, tg: anyio.abc.TaskGroup) -> None:
        if not self.spec.command:
            raise CallFailure("unavailable", "no command to start", sent=False)
        # as the SDK's ``stdio_client`` does: its default environment and the server's own
        # ``env`` over it, so a server runs alike under parity and under an agent, and never
        # sees another server's token or parity's CI secrets
        env = {**default_environment(), **self.spec.env}
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
        await self._read(self.process, self.process.stdout, self._stdout_chunk)
        buffer = b"".join(self.partial)
        if buffer.strip():
            self.conn.note_garbage(f"truncated message {excerpt(buffer)!r}")
        self.conn.connection_lost(await self._exit_status() or "the server closed its stdout")

    def _stdout_chunk(self, chunk: bytes) -> None:
        # a long line arrives in many chunks: each is kept once and searched once (joining
        # and rescanning a growing buffer made reading a 48 MiB listing quadratic)
        start = 0
        while (end := chunk.find(b"\n", start)) != -1:
            self.partial.append(chunk[start:end])
            self._line(b"".join(self.partial))
            self.partial, self.partial_size, start = [], 0, end + 1
        if start < len(chunk):
            self.partial.append(chunk[start:])
            self.partial_size += len(chunk) - start
        if self.partial_size > MAX_MESSAGE_BYTES:
            self.conn.note_garbage(f"a line longer than {MAX_MESSAGE_BYTES} bytes")
            self.partial, self.partial_size = [], 0

    @staticmethod
    async def _read(process: anyio.abc.Process, stream: anyio.abc.ByteReceiveStream,
                    feed: Callable[[bytes], None]) -> None:
        """Feed ``stream``'s chunks until its end or, once the server exited, until it was
        quiet for ``DRAIN_IDLE`` (at most ``DRAIN_LIMIT``): a descendant in a session of its
        own may hold the pipe open after the server exited, and its end never come."""
        ended = False
        async with anyio.create_task_group() as tg:
            tg.start_soon(_cancel_at_exit, process, tg.cancel_scope)
            await _pump(stream, feed)
            ended = True
            tg.cancel_scope.cancel()
        if not ended:  # a cancelled read leaves its data in the stream: drain it
            with anyio.move_on_after(DRAIN_LIMIT):
                await _pump(stream, feed, idle=DRAIN_IDLE)

    async def _exit_status(self) -> str | None:
        """The words for the server's exit, with its code ("the server exited with code 3"),
        waiting up to ``EXIT_CODE_WAIT`` for it: a server whose stdout closed, or whose stdin
        broke under a write, is almost always exiting. ``None`` if it has not exited by then."""
        if self.process is None:
            return None
        with anyio.move_on_after(EXIT_CODE_WAIT):
            return f"the server exited with code {await self.process.wait()}"
        return None

    def _line(self, line: bytes) -> None:
        if not line.strip():
            return
        if nested_deeper(line, json_depth_limit()):
            self._too_deep(line)
            return
        message = proved_loads(line)  # the usual line: read in C, proved clean as it is read
        if message is not NOT_PROVED:
            self.conn.deliver(message, proved=True, size=len(line))
            return
        try:  # a huge integer is kept (``HugeInteger``) for the connection to name
            message = parse(line)
        except UnicodeDecodeError:
            self._not_utf8(line)
            return
        except (ValueError, RecursionError):
            self.conn.note_garbage(excerpt(line))
            return
        self.conn.deliver(message, size=len(line))

    def _too_deep(self, line: bytes) -> None:
        """A line nested past what the SDK's JSON parser reads is no message an agent on
        the SDK could receive (over HTTP the SDK refuses it): the request it answers fails
        now, not at its deadline (Python's parser ran out of stack and the line was taken
        for garbage)."""
        why = too_deep(json_depth_limit())
        self.conn.note_garbage(f"{why}: {excerpt(line)}")
        request_id = _top_level_id(line)
        if request_id is not None:
            self.conn.fail(request_id, CallFailure("malformed", self.conn.r(why), sent=True,
                                                   hint=DEEP_HINT))

    def _not_utf8(self, line: bytes) -> None:
        """A line that is not UTF-8 is not a message; when it reads as the answer to a
        pending request once its bad bytes are replaced, that request fails now, not at its
        deadline."""
        self.conn.note_garbage(excerpt(line))
        with contextlib.suppress(ValueError, RecursionError):
            message = parse(line.decode("utf-8", "replace"))
            request_id = message.get("id") if isinstance(message, dict) else None
            if request_id.__class__ is int:
                self.conn.fail(request_id, CallFailure("malformed", self.conn.r(
                    f"an answer that is not UTF-8: {excerpt(line)!r}"), sent=True))

    async def _read_stderr(self) -> None:
        if self.process is None or self.process.stderr is None:
            self.stderr_done.set()
            return
        await self._read(self.process, self.process.stderr, self._stderr_chunk)
        if self.stderr_partial and not self.stderr_skipping:
            self.stderr.append(_stderr_line(self.stderr_partial))
        self.stderr_done.set()

    def _stderr_chunk(self, chunk: bytes) -> None:
        self.stderr_partial += chunk
        *lines, self.stderr_partial = self.stderr_partial.split(b"\n")
        if lines and self.stderr_skipping:
            lines, self.stderr_skipping = lines[1:], False
        self.stderr.extend(_stderr_line(x) for x in lines)
        if len(self.stderr_partial) > MAX_STDERR_LINE and not self.stderr_skipping:
            self.stderr.append(_stderr_line(self.stderr_partial))
            self.stderr_skipping = True
        if self.stderr_skipping:
            self.stderr_partial = b""

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
        except anyio.ClosedResourceError:  # closed on this side: the connection says why
            why = self.conn.lost or "the connection is closed"
        except (anyio.BrokenResourceError, OSError) as exc:
            # the server closed its stdin: it is exiting, perhaps before its stdout closed
            why = self.conn.lost or await self._exit_status() or type(exc).__name__
        else:
            if pending is not None:
                pending.sent = True
            return
        raise CallFailure("unavailable", self.conn.r(f"could not write to the server: {why}"),
                          sent=False)

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


#: an ``"id"`` member with an integer value (``_top_level_id``)
_ID_MEMBER = re.compile(rb'"id"\s*:\s*(\d{1,18})\s*[,}]')
#: the most ``"id"`` members looked at in a line
_ID_CANDIDATES = 16


def _top_level_id(line: bytes) -> int | None:
    """The integer ``id`` of a line's top-level object, found without parsing it (a line
    too deep to parse): an ``"id"`` member at depth 1, brackets counted before it."""
    for found in itertools.islice(_ID_MEMBER.finditer(line), _ID_CANDIDATES):
        at = found.start()
        depth = (line.count(b"{", 0, at) + line.count(b"[", 0, at)
                 - line.count(b"}", 0, at) - line.count(b"]", 0, at))
        if depth == 1:
            return int(found.group(1))
    return None


async def _cancel_at_exit(process: anyio.abc.Process, scope: anyio.CancelScope) -> None:
    # returns at the exit itself (anyio 4.16); an older anyio on asyncio may also wait for
    # the pipes to close (CPython gh-119710), and then this never comes before their end
    await process.wait()
    scope.cancel()


async def _pump(stream: anyio.abc.ByteReceiveStream, feed: Callable[[bytes], None],
                idle: float = math.inf) -> None:
    """Feed ``stream``'s chunks to ``feed`` until it ends or breaks, or no chunk came for
    ``idle`` seconds."""
    with contextlib.suppress(anyio.EndOfStream, anyio.ClosedResourceError,
                             anyio.BrokenResourceError, OSError):
        while True:
            chunk = None
            with anyio.move_on_after(idle):
                chunk = await stream.receive()
            if chunk is None:
                return
            feed(chunk)
