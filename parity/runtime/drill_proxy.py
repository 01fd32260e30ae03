"""The drill's fault-injecting proxies: one fault mode at a time, between a client and a real
MCP server.

``FaultInjector`` holds the rewriting, as pure functions of JSON-RPC messages; two thin
transports apply it:

- **stdio**: ``python -m parity.runtime.drill_proxy --mode MODE [--slow S] [--log FILE] -- CMD...``
  starts the real server ``CMD`` and relays newline-delimited JSON-RPC in both directions,
  rewriting per mode. The drill points the client at this command instead of the server's.
- **streamable HTTP**: ``HttpProxy(upstream_url, injector)`` is an ASGI app served by uvicorn
  on 127.0.0.1 (a free port, in a thread), forwarding every POST to the real server and
  rewriting the JSON or SSE answer per mode.

Only ``tools/call`` (and, for ``drift``, ``tools/list``) is touched; the handshake passes.
Every wait is bounded, so a proxy never outlives its drill.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import copy
import json
import socket
import sys
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: The fault modes the proxies implement (the drill's registry lists the same names).
PROXY_MODES = ("none", "unavailable", "denied", "rate_limited", "drift", "partial",
               "http200_error", "empty_body", "slow", "truncated_json", "wrong_schema")

#: Longest a ``slow`` or ``unavailable`` answer is held, whatever is asked: drills end.
MAX_HOLD = 120.0
#: ``Retry-After`` the ``rate_limited`` mode sends.
RATE_LIMIT_DELAY = 1
#: The body the ``http200_error`` mode sends with a success status: the incident.
ERROR_BODY = {"error": "rate_limited"}
#: The structured content the ``wrong_schema`` mode substitutes.
WRONG_SCHEMA = {"result": None, "extra": "x"}
#: The description the ``drift`` mode gives its third tool.
DRIFTED_DESCRIPTION = "Rewritten by the drill: this tool now does something else."


@dataclass
class Action:
    """What a proxy does with one message.

    ``kind``: ``forward`` (the message, possibly rewritten), ``answer`` (answer the client
    without forwarding: ``message`` as a JSON-RPC reply, or ``status``/``headers`` over HTTP),
    ``drop`` (never answer), ``raw`` (send ``text`` as is: truncated JSON), ``refuse``
    (HTTP: nothing listens any more).
    """

    kind: str
    message: Any = None
    text: str | None = None
    delay: float = 0.0
    status: int = 200
    headers: Mapping[str, str] = field(default_factory=dict)


@dataclass
class FaultInjector:
    """Rewrites the messages of one session per ``mode``; records what it did."""

    mode: str = "none"
    #: seconds the ``slow`` mode holds an answer
    slow: float = 5.0
    #: ``http`` or ``stdio``: how a status-coded fault is expressed
    transport: str = "stdio"
    #: one dict per tools/call seen: id, tool, injected fault, the auth header seen (hashed)
    records: list[dict[str, Any]] = field(default_factory=list)
    calls: int = 0
    #: request id -> method, for the requests the client sent
    methods: dict[Any, str] = field(default_factory=dict)
    #: request id -> tool name, for tools/call
    tools: dict[Any, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.mode not in PROXY_MODES:
            raise ValueError(f"unknown fault mode {self.mode!r} (known: {', '.join(PROXY_MODES)})")

    # client -> server -------------------------------------------------------------------

    def on_request(self, message: Any, *, credential: str | None = None) -> Action:
        """A message from the client: forward it, or answer it here."""
        if not isinstance(message, dict) or "method" not in message or "id" not in message:
            return Action("forward", message)
        request_id, method = message["id"], message["method"]
        self.methods[request_id] = method
        if method != "tools/call":
            return Action("forward", message)
        params = message.get("params")
        tool = str(params.get("name")) if isinstance(params, dict) else "None"
        self.tools[request_id] = tool
        self.calls += 1
        record: dict[str, Any] = {"id": request_id, "tool": tool, "mode": self.mode,
                                  "call": self.calls, "credential": credential}
        self.records.append(record)
        if self.mode == "unavailable":
            record["injected"] = "no answer" if self.transport == "stdio" else "refused"
            return Action("drop" if self.transport == "stdio" else "refuse")
        if self.mode == "denied":
            status = 401 if self.calls % 2 == 1 else 403
            record["injected"] = f"HTTP {status}"
            return self._status(request_id, status)
        if self.mode == "rate_limited":
            record["injected"] = "HTTP 429"
            return self._status(request_id, 429)
        return Action("forward", message)

    def _status(self, request_id: Any, status: int) -> Action:
        text = {401: "Unauthorized: token_expired", 403: "Forbidden: insufficient_scope",
                429: "Too many requests: rate limited"}[status]
        data: dict[str, Any] = {"status": status}
        headers: dict[str, str] = {}
        if status == 401:
            headers["WWW-Authenticate"] = 'Bearer error="invalid_token"'
        if status == 429:
            data["retryAfter"] = RATE_LIMIT_DELAY
            headers["Retry-After"] = str(RATE_LIMIT_DELAY)
        reply = {"jsonrpc": "2.0", "id": request_id,
                 "error": {"code": -32000 - (status % 100), "message": text, "data": data}}
        if self.transport == "http":
            return Action("answer", reply, status=status, headers=headers)
        return Action("answer", reply)

    # server -> client -------------------------------------------------------------------

    def on_response(self, message: Any) -> Action:
        """A message from the server: forward it (maybe rewritten), hold it, or break it."""
        if not isinstance(message, dict) or "method" in message or "id" not in message:
            return Action("forward", message)
        method = self.methods.pop(message["id"], None)
        tool = self.tools.pop(message["id"], None)
        record = next((r for r in reversed(self.records) if r["id"] == message["id"]), None)
        result = message.get("result")
        if method == "tools/list" and self.mode == "drift" and isinstance(result, dict):
            tools, changed = drift_tools(result.get("tools") or [])
            return Action("forward", {**message, "result": {**result, "tools": tools}},
                          text=json.dumps(changed))
        if method != "tools/call" or not isinstance(result, dict):
            return Action("forward", message)
        rewritten, what = rewrite_result(self.mode, result)
        if record is not None:
            record["injected"] = what
            record["tool"] = tool
        reply = {**message, "result": rewritten}
        if self.mode == "slow":
            return Action("forward", reply, delay=min(self.slow, MAX_HOLD))
        if self.mode == "truncated_json":
            text = json.dumps(reply, separators=(",", ":"))
            return Action("raw", text=text[: max(1, len(text) // 2)])
        if self.mode == "empty_body" and self.transport == "http":
            return Action("raw", text="")
        return Action("forward", reply)


def rewrite_result(mode: str, result: Mapping[str, Any]) -> tuple[dict[str, Any], str | None]:
    """A ``CallToolResult`` rewritten per ``mode``, and what was done (None: nothing)."""
    out = copy.deepcopy(dict(result))
    structured = out.get("structuredContent")
    if mode == "http200_error":
        body: dict[str, Any] = {"content": [{"type": "text", "text": json.dumps(ERROR_BODY)}]}
        if structured is not None:
            body["structuredContent"] = dict(ERROR_BODY)
        return body, "a success whose body is {\"error\": \"rate_limited\"}"
    if mode == "empty_body":
        return {}, "an empty result"
    if mode == "wrong_schema":
        if structured is None:
            return out, None
        out["structuredContent"] = dict(WRONG_SCHEMA)
        _retext(out, structured, out["structuredContent"])
        return out, "structuredContent replaced by {\"result\": null, \"extra\": \"x\"}"
    if mode == "partial":
        if structured is None:
            return out, None
        truncated, dropped = truncate_arrays(structured)
        if not dropped:
            return out, None
        out["structuredContent"] = truncated
        _retext(out, structured, truncated)
        return out, f"{dropped} array items dropped"
    if mode in ("slow", "truncated_json"):
        return out, mode
    return out, None


def _retext(result: dict[str, Any], before: Any, after: Any) -> None:
    # servers often repeat structuredContent as a JSON text block: keep the two consistent
    for block in result.get("content") or []:
        if isinstance(block, dict) and block.get("type") == "text":
            with contextlib.suppress(ValueError, TypeError):
                if json.loads(block.get("text", "")) == before:
                    block["text"] = json.dumps(after)


def truncate_arrays(value: Any, depth: int = 0) -> tuple[Any, int]:
    """Every non-empty array cut to half its length (a lost page), and how many items went.

    The way a server with a completeness contract reports a lost page is kept: an object
    with ``complete: true`` next to a cut array gets ``complete: false`` and a ``missing``
    entry. Size fields (``total``, ``count``) are left as the server wrote them."""
    if depth > 16:
        return value, 0
    if isinstance(value, list):
        kept = value[: len(value) // 2]
        dropped = len(value) - len(kept)
        items = []
        for item in kept:
            new, n = truncate_arrays(item, depth + 1)
            items.append(new)
            dropped += n
        return items, dropped
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        dropped = 0
        cut_here = []
        for key, item in value.items():
            new, n = truncate_arrays(item, depth + 1)
            out[key] = new
            dropped += n
            if isinstance(item, list) and n:
                cut_here.append(key)
        if cut_here and out.get("complete") is True:
            out["complete"] = False
            if isinstance(out.get("missing"), list):
                out["missing"] = [*out["missing"], *(f"{k} after the first page"
                                                     for k in cut_here)]
        return out, dropped
    return value, 0


def drift_tools(tools: Sequence[Any]) -> tuple[list[Any], dict[str, str]]:
    """A ``tools/list`` drifted three ways (by sorted name): the first tool's nested input
    field renamed, the second removed, the third's description rewritten."""
    named = sorted((t for t in tools if isinstance(t, dict) and isinstance(t.get("name"), str)),
                   key=lambda t: t["name"])
    changed: dict[str, str] = {}
    out: list[Any] = []
    order = {t["name"]: i for i, t in enumerate(named)}
    for tool in tools:
        index = order.get(tool.get("name")) if isinstance(tool, dict) else None
        if index == 0:
            renamed, where = _rename_field(tool)
            out.append(renamed)
            changed[tool["name"]] = f"field renamed: {where}"
        elif index == 1:
            changed[tool["name"]] = "tool removed"
        elif index == 2:
            out.append({**tool, "description": DRIFTED_DESCRIPTION})
            changed[tool["name"]] = "description rewritten"
        else:
            out.append(tool)
    return out, changed


def _rename_field(tool: dict[str, Any]) -> tuple[dict[str, Any], str]:
    out = copy.deepcopy(tool)
    for key in ("inputSchema", "outputSchema"):
        schema = out.get(key)
        found = _deepest_object(schema, schema, key) if isinstance(schema, dict) else None
        if found is not None:
            node, where = found
            old = sorted(node["properties"])[0]
            new = f"{old}_renamed"
            node["properties"] = {(new if k == old else k): v
                                  for k, v in node["properties"].items()}
            if isinstance(node.get("required"), list):
                node["required"] = [new if r == old else r for r in node["required"]]
            return out, f"{where}.{old} -> {new}"
    out["inputSchema"] = {**(out.get("inputSchema") or {}), "x-drilled": True}
    return out, "inputSchema marked"


def _deepest_object(schema: dict[str, Any], root: dict[str, Any], where: str,
                    depth: int = 0) -> tuple[dict[str, Any], str] | None:
    """The most nested schema with ``properties`` (a nested field when there is one);
    local ``$ref``s are followed, so the renamed field may sit under ``$defs``."""
    schema = _resolve(schema, root)
    props = schema.get("properties")
    if not isinstance(props, dict) or not props or depth > 16:
        return None
    for name in sorted(props):
        child = _resolve(props[name], root)
        if isinstance(child, dict):
            target = _resolve(child.get("items"), root) if child.get("type") == "array" \
                else child
            if isinstance(target, dict):
                found = _deepest_object(target, root, f"{where}.{name}", depth + 1)
                if found is not None:
                    return found
    return schema, where


def _resolve(node: Any, root: dict[str, Any]) -> Any:
    for _ in range(16):
        ref = node.get("$ref") if isinstance(node, dict) else None
        if not (isinstance(ref, str) and ref.startswith("#/")):
            return node
        target: Any = root
        for part in ref[2:].split("/"):
            target = target.get(part) if isinstance(target, dict) else None
        node = target
    return node


# -- stdio ---------------------------------------------------------------------------------


async def _relay_stdio(command: Sequence[str], injector: FaultInjector,
                       log: Any = None) -> int:
    server = await asyncio.create_subprocess_exec(
        *command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        limit=64 * 1024 * 1024)
    stdin, stdout = server.stdin, server.stdout
    assert stdin is not None and stdout is not None
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=64 * 1024 * 1024)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    out = sys.stdout.buffer
    held: set[asyncio.Task[None]] = set()

    def write(text: str) -> None:
        out.write(text.encode() + b"\n")
        out.flush()

    def note() -> None:
        if log is not None and injector.records:
            log.write(json.dumps(injector.records[-1], sort_keys=True) + "\n")
            log.flush()

    async def later(delay: float, text: str) -> None:
        await asyncio.sleep(delay)
        write(text)

    async def client_to_server() -> None:
        while True:
            line = await reader.readline()
            if not line:
                break
            try:
                message = json.loads(line)
            except ValueError:
                message = None
            action = injector.on_request(message) if message is not None else \
                Action("forward", None)
            if message is not None and message.get("method") == "tools/call":
                note()
            if action.kind == "forward":
                stdin.write(line if action.message is None
                                   else json.dumps(action.message).encode() + b"\n")
                await stdin.drain()
            elif action.kind == "answer":
                write(json.dumps(action.message))
            # drop / refuse: never answered
        stdin.close()

    async def server_to_client() -> None:
        while True:
            line = await stdout.readline()
            if not line:
                break
            try:
                message = json.loads(line)
            except ValueError:
                out.write(line)
                out.flush()
                continue
            action = injector.on_response(message)
            if action.kind == "raw":
                write(action.text or "")
            elif action.delay:
                task = asyncio.ensure_future(later(action.delay, json.dumps(action.message)))
                held.add(task)
                task.add_done_callback(held.discard)
            else:
                write(json.dumps(action.message))

    pump = asyncio.ensure_future(server_to_client())
    await client_to_server()
    try:
        await asyncio.wait_for(server.wait(), 5.0)
    except asyncio.TimeoutError:
        server.kill()
        await server.wait()
    with contextlib.suppress(asyncio.TimeoutError):
        await asyncio.wait_for(pump, 2.0)
    for task in held:
        task.cancel()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m parity.runtime.drill_proxy --mode MODE [--slow S] [--log FILE] -- CMD...``"""
    parser = argparse.ArgumentParser(prog="python -m parity.runtime.drill_proxy")
    parser.add_argument("--mode", choices=PROXY_MODES, default="none")
    parser.add_argument("--slow", type=float, default=5.0)
    parser.add_argument("--log", default=None)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    command = list(args.command[1:] if args.command[:1] == ["--"] else args.command)
    if not command:
        parser.error("no server command after --")
    injector = FaultInjector(mode=args.mode, slow=args.slow, transport="stdio")
    log = Path(args.log).open("a", encoding="utf-8") if args.log else None  # noqa: SIM115
    try:
        return asyncio.run(_relay_stdio(command, injector, log))
    except KeyboardInterrupt:
        return 130
    finally:
        if log is not None:
            log.close()


# -- streamable HTTP -----------------------------------------------------------------------

_HOP_HEADERS = frozenset({"host", "content-length", "connection", "transfer-encoding",
                          "keep-alive", "accept-encoding"})


def _http() -> Any:
    try:
        import httpx
    except ImportError:  # pragma: no cover - the 2.x SDK ships its fork
        import httpx2 as httpx  # type: ignore[no-redef]
    return httpx


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
        http = _http()
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
    import hashlib

    return hashlib.sha256(value.encode()).hexdigest()[:12]


async def _respond(send: Any, status: int, headers: Mapping[str, str], body: bytes) -> None:
    raw = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in headers.items()]
    raw.append((b"content-length", str(len(body)).encode()))
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": body})


if __name__ == "__main__":
    sys.exit(main())
