"""The drill's streamable-HTTP proxy: ``HttpProxy(upstream_url, injector)`` is an ASGI app
served by uvicorn on 127.0.0.1 (a free port, in a thread), forwarding every POST to the real
server with httpx and rewriting the JSON or SSE answer per mode (``FaultInjector``).

``uvicorn`` and ``httpx`` are declared dependencies of parity (both are the ``mcp`` SDK's
own: its servers run on uvicorn, its 1.x client is httpx).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import socket
import threading
from collections.abc import Mapping
from typing import Any

from parity.runtime.drill.faults import Action
from parity.runtime.drill.inject import MAX_HOLD, FaultInjector

_HOP_HEADERS = frozenset({"host", "content-length", "connection", "transfer-encoding",
                          "keep-alive", "accept-encoding"})


class HttpProxy:
    """An ASGI app forwarding streamable HTTP to ``upstream`` and injecting one fault.

    Arguments:
        upstream: the real server's MCP endpoint URL.
        injector: the ``FaultInjector`` (``transport="http"``).
    """

    def __init__(self, upstream: str, injector: FaultInjector) -> None:
        self.upstream = upstream
        self.injector = injector
        self.client: Any = None
        #: a fingerprint of every Authorization header seen, in order (never the value)
        self.credentials: list[str | None] = []
        self.refusing = threading.Event()
        self._server: Any = None
        self._thread: threading.Thread | None = None
        self._sock: socket.socket | None = None
        self.url = ""

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return
        body = b""
        while True:
            event = await receive()
            body += event.get("body", b"")
            if not event.get("more_body"):
                break
        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope.get("headers", [])}
        method = scope["method"]
        if method == "GET":
            # no server-initiated stream through the drill proxy (the spec allows 405)
            await _respond(send, 405, {}, b"")
            return
        self.credentials.append(_fingerprint(headers.get("authorization")))
        message: Any = None
        action = Action("forward")
        if method == "POST":
            with contextlib.suppress(ValueError):
                message = json.loads(body)
            if isinstance(message, dict):
                action = self.injector.on_request(
                    message, credential=_fingerprint(headers.get("authorization")))
        if action.kind == "refuse":
            self.refusing.set()
            await _respond(send, 503, {}, b"")  # the listener is being closed
            return
        if action.kind == "drop":
            await asyncio.sleep(MAX_HOLD)
            return
        if action.kind == "answer":
            await _respond(send, action.status, {"content-type": "application/json",
                                                 **action.headers},
                           json.dumps(action.message).encode())
            return
        forward = {k: v for k, v in headers.items() if k not in _HOP_HEADERS}
        import httpx as http

        if self.client is None:
            self.client = http.AsyncClient(timeout=http.Timeout(MAX_HOLD, connect=10.0))
        try:
            upstream = await self.client.request(method, self.upstream, content=body,
                                                 headers=forward)
        except http.HTTPError:
            await _respond(send, 502, {}, b"")
            return
        out_headers = {k.lower(): v for k, v in upstream.headers.items()
                       if k.lower() not in _HOP_HEADERS and k.lower() != "content-encoding"}
        ctype = upstream.headers.get("content-type", "")
        content = upstream.content
        delay = 0.0
        if ctype.startswith("text/event-stream"):
            events, delay, raw = self._rewrite_sse(content.decode("utf-8", "replace"))
            if raw is not None:
                out_headers["content-type"] = "application/json"
                content = raw.encode()
            else:
                content = events.encode()
        elif ctype.startswith("application/json") and content:
            with contextlib.suppress(ValueError):
                parsed = json.loads(content)
                action = self.injector.on_response(parsed)
                delay = action.delay
                content = (action.text if action.kind == "raw" else
                           json.dumps(action.message)).encode()  # type: ignore[union-attr]
        if delay:
            await asyncio.sleep(delay)
        await _respond(send, upstream.status_code, out_headers, content)

    def _rewrite_sse(self, text: str) -> tuple[str, float, str | None]:
        out: list[str] = []
        delay = 0.0
        for block in text.replace("\r\n", "\n").split("\n\n"):
            if not block.strip():
                continue
            lines = block.split("\n")
            data = "\n".join(x[5:].lstrip(" ") if x.startswith("data:") else ""
                             for x in lines if x.startswith("data:"))
            other = [x for x in lines if not x.startswith("data:")]
            try:
                message = json.loads(data)
            except ValueError:
                out.append(block)
                continue
            action = self.injector.on_response(message)
            if action.kind == "raw":
                # a truncated or empty body: answer with it as plain JSON
                return "", 0.0, action.text or ""
            delay = max(delay, action.delay)
            out.append("\n".join([*other, f"data: {json.dumps(action.message)}"]))
        return "".join(b + "\n\n" for b in out), delay, None

    # serving ----------------------------------------------------------------------------

    def start(self, timeout: float = 10.0) -> str:
        """Serve on 127.0.0.1 on a free port (in a thread); returns the proxy's URL."""
        import uvicorn

        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self._sock = sock
        port = sock.getsockname()[1]
        config = uvicorn.Config(self, log_level="critical", lifespan="off",
                                timeout_graceful_shutdown=1, access_log=False)
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": [sock]},
                                        daemon=True, name=f"parity-drill-proxy-{port}")
        self._thread.start()
        waited = 0.0
        while not self._server.started and waited < timeout:
            threading.Event().wait(0.02)
            waited += 0.02
        path = self.upstream.split("://", 1)[1].split("/", 1)[1] if \
            "/" in self.upstream.split("://", 1)[1] else ""
        self.url = f"http://127.0.0.1:{port}/{path}"
        return self.url

    def stop(self) -> None:
        """Stop listening: later connections are refused."""
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(5.0)
        if self._sock is not None:
            with contextlib.suppress(OSError):
                self._sock.close()
        self._server = self._thread = self._sock = None


def _fingerprint(value: str | None) -> str | None:
    """A short, non-reversible tag of a credential: equal tags mean the same credential."""
    if value is None:
        return None
    return hashlib.sha256(value.encode()).hexdigest()[:12]


async def _respond(send: Any, status: int, headers: Mapping[str, str], body: bytes) -> None:
    raw = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in headers.items()]
    raw.append((b"content-length", str(len(body)).encode()))
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": body})


__all__ = ["HttpProxy"]
