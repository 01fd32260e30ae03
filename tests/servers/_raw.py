"""A hand-written JSON-RPC-over-stdio MCP server, for servers that must misbehave on purpose.

The SDKs will not produce a pagination loop, a tool without an object schema or garbage on
stdout, so these servers speak the wire format themselves. ``serve(handlers)`` answers
``initialize`` and hands every other request to ``handlers[method](params)``, which returns
the result dict, or a ``Reply`` for anything unusual.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

Handler = Callable[[dict[str, Any]], Any]


class Reply:
    """Something other than a plain result: ``raw`` text or bytes, an ``error``, or nothing;
    or a ``result`` with messages written ``before`` it or ``after`` it (in one write)."""

    def __init__(self, *, raw: str | bytes | None = None, error: dict[str, Any] | None = None,
                 silent: bool = False, before: list[dict[str, Any]] | None = None,
                 result: dict[str, Any] | None = None,
                 after: list[dict[str, Any]] | None = None) -> None:
        self.raw, self.error, self.silent, self.before = raw, error, silent, before or []
        self.result, self.after = result, after or []


def write(message: Any) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def serve(handlers: dict[str, Handler], *, name: str = "raw") -> None:
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        method, request_id = message.get("method"), message.get("id")
        if request_id is None:
            continue  # a notification
        params = message.get("params") or {}
        if method == "initialize" and "initialize" not in handlers:
            write({"jsonrpc": "2.0", "id": request_id, "result": {
                "protocolVersion": params.get("protocolVersion", "2025-06-18"),
                "capabilities": {"tools": {"listChanged": True}},
                "serverInfo": {"name": name, "version": "1.2.3", "x-extra": "kept"}}})
            continue
        handler = handlers.get(method)
        if handler is None:
            write({"jsonrpc": "2.0", "id": request_id,
                   "error": {"code": -32601, "message": f"no method {method}"}})
            continue
        reply = handler(params)
        if isinstance(reply, Reply):
            for extra in reply.before:
                write(extra)
            if reply.silent:
                continue
            if reply.raw is not None:  # ``@ID@``: the request's id
                raw = reply.raw if isinstance(reply.raw, bytes) else reply.raw.encode()
                sys.stdout.buffer.write(raw.replace(b"@ID@", json.dumps(request_id).encode()))
                sys.stdout.buffer.flush()
            elif reply.error is not None:
                write({"jsonrpc": "2.0", "id": request_id, "error": reply.error})
            elif reply.result is not None:
                write({"jsonrpc": "2.0", "id": request_id, "result": reply.result})
            if reply.after:
                sys.stdout.write("".join(json.dumps(m) + "\n" for m in reply.after))
                sys.stdout.flush()
            continue
        write({"jsonrpc": "2.0", "id": request_id, "result": reply})


def tool(name: str, **extra: Any) -> dict[str, Any]:
    return {"name": name, "inputSchema": {"type": "object", "properties": {}}, **extra}
