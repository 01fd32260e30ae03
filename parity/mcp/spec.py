"""What the seam is given and what it gives back: ``ServerSpec`` (how to reach one server),
``Listing`` (every tool, raw) and ``CallFailure`` (a request that produced no result)."""

from __future__ import annotations

import email.utils
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: The kinds of ``CallFailure``; the guard classifies each (``parity.runtime.guard``).
FAILURE_KINDS = ("unavailable", "timeout", "http_status", "jsonrpc_error", "malformed")
#: Largest single message accepted from a server (bytes), on every transport.
MAX_MESSAGE_BYTES = 64 * 1024 * 1024
#: Lines of server stderr shown in error messages.
STDERR_TAIL_LINES = 20


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
    #: the in-process server object (FastMCP, MCPServer or a low-level ``Server``), imported
    #: by the caller: the seam never imports a user's module
    obj: Any = None
    #: where ``obj`` came from (``module:attribute``), for messages
    object_ref: str | None = None
    start_timeout: float = 20.0
    list_timeout: float = 20.0
    secrets: tuple[str, ...] = ()
    #: client capabilities parity declares in ``initialize`` (names of ``CAPABILITIES``):
    #: servers may list other tools to clients that declare other capabilities
    capabilities: tuple[str, ...] = ()
    #: the MCP protocol revision parity's own session speaks (``parity.mcp.era``): ``None``,
    #: the handshake at the SDK's latest handshake version; a version; or ``"auto"``
    protocol: str | None = None


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
    #: every tool is JSON as the wire carries it (decoded from its text, or dumped as JSON by
    #: an in-process SDK server) and holds nothing canonical JSON cannot carry (``walk_tools``
    #: rejects the rest): ``parity.pinning.lock.build``'s ``plain_json``
    plain_json: bool = False




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
                 data: Any = None, hint: str | None = None) -> None:
        if kind not in FAILURE_KINDS:
            raise ValueError(f"unknown failure kind {kind!r}: expected one of {FAILURE_KINDS}")
        self.kind = kind
        self.message = message
        self.sent = sent
        self.status = status
        self.retry_after = retry_after
        self.code = code
        self.data = data
        #: what to do about it, when the failure knows better than its kind
        self.hint = hint
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


#: every byte but a bracket (``nested_deeper``)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
#: an innermost pair of brackets
_INNERMOST = re.compile(rb"\{\}|\[\]")


def nested_deeper(data: bytes | str, limit: int) -> bool:
    """Whether the JSON text ``data`` nests more than ``limit`` arrays and objects deep:
    its brackets alone, the innermost pairs taken away one level at a time (C speed: a
    hundredth of reading the text). Brackets inside strings count as if outside: a server
    can only make its own message look deeper by them; a text whose brackets do not pair
    up is not judged here (its reading says what is wrong with it)."""
    if len(data) <= 2 * limit:
        return False
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    brackets = raw.translate(None, _NOT_BRACKETS)
    for _ in range(limit):
        if len(brackets) <= 2 * (limit - _):  # too few left for what remains to be deep
            return False
        shorter = _INNERMOST.sub(b"", brackets)
        if len(shorter) == len(brackets):  # they do not pair up
            return False
        brackets = shorter
    return bool(brackets)


def too_deep(limit: int) -> str:
    """What a message nested past the SDK's JSON parser is called, on every transport."""
    return (f"an answer nested more than {limit} levels deep: the mcp SDK's JSON parser "
            "reads no deeper, so no agent on it could receive it")


#: what to do about an answer ``too_deep``
DEEP_HINT = ("no MCP client on the SDK can read this server's answer; ask its authors to "
             "flatten the tool's definition")


def excerpt(data: bytes | str, limit: int = 200) -> str:
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    text = text.strip()
    return text if len(text) <= limit else text[:limit] + "..."


def retry_after_seconds(value: str | None) -> float | None:
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


