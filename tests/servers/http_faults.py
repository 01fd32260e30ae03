"""A streamable-HTTP look-alike on 127.0.0.1 that fails on purpose, by URL path.

``initialize`` and notifications are answered properly whatever the path (but for
``/sessionid``); every other request gets the fault the path names:

* ``/sessionid``: ``initialize`` is answered with an ``Mcp-Session-Id`` that is not ASCII
* ``/badlength``: 200 ``application/json`` whose Content-Length is longer than its body (the
  connection is then closed)
* ``/utf16``: 200 ``application/json``, a valid result encoded in UTF-16
* ``/oddevent``: an event stream whose first event is of an unknown kind, then the answer

* ``/status/<code>``: that HTTP status, plain-text body (``?retry=<value>`` sets Retry-After;
  ``?jsonrpc=1`` puts a JSON-RPC error in a JSON body instead)
* ``/garbage``: 200 ``application/json`` with a body that is not JSON
* ``/null``, ``/batch``: 200 ``application/json`` whose JSON is not one JSON-RPC message:
  ``null``; the answer inside an array
* ``/truncated``: 200 ``text/event-stream`` that ends before the response
* ``/notutf8``: 200 ``text/event-stream`` whose response holds a byte that is not UTF-8
  (``?json=1``: the same as an ``application/json`` body)
* ``/badsse``: 200 ``text/event-stream`` whose event's data is not JSON
* ``/hang``: never answers
* ``/errortext``: a JSON-RPC error whose message holds a line break and 100 kB
* ``/endless``: 200 ``application/json``, a chunked body that does not end (256 MiB)
* ``/gzipbomb``: 200 ``application/json``, 1 MB of gzip that decompresses to 1 GiB
* ``/values/<mode>``: a tools/list whose second tool carries one hostile value
  (``tests.hostile.servers.content.MODES``), written as raw text (SSE with ``?sse=1``)
* ``/legacy``: a handshake-era server, as the 1.x SDK's answers over HTTP: a request
  without the ``Mcp-Session-Id`` that ``initialize`` gave (a 2026-07-28 ``server/discover``)
  is refused with HTTP 400 ``Bad Request: Missing session ID``; others as ``/ok``
* ``/droplisten``: an MCP 2026-07-28 server whose ``subscriptions/listen`` streams drop:
  each is acknowledged, then its event stream ends without a response (``server/discover``
  offers 2026-07-28; other requests as ``/ok``); the number of streams opened so far is the
  description of its tool
* ``/redirect/<code>``: every request, ``initialize`` too, is answered with that status and
  ``Location: ?to=`` (default ``/ok``, this server); ``/redirect/loop``: a 307 to itself
* ``?version=<v>`` on any path: ``initialize`` answers protocol version ``v``
* ``?strid=1`` on ``/ok``: the answer carries its id as a string (``"2"`` for request 2)
* ``/deep?n=N``: a tools/list whose tool's ``inputSchema`` nests N objects deep, each in
  the ``properties`` of the other (as SSE with ``?sse=1``)
* ``/pages?size=N&pages=M``: a tools/list of M pages of one tool, each with a fresh cursor
  of N characters (as SSE with ``?sse=1``)
* ``/ok``: a valid tools/list or tools/call result (JSON body; list as SSE with ``?sse=1``;
  ``?big=1`` gives the tool a 2 MB description)
"""

from __future__ import annotations

import argparse
import json
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):  # keep test output quiet
        pass

    def _send(self, status: int, body: bytes, content_type: str, headers=None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def do_DELETE(self):
        self._send(200, b"", "text/plain")

    def do_GET(self):
        self._send(405, b"", "text/plain")

    def do_POST(self):
        url = urlparse(self.path)
        query = {k: v[-1] for k, v in parse_qs(url.query).items()}
        message = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
        if "id" not in message:
            self._send(202, b"", "text/plain")
            return
        reply = {"jsonrpc": "2.0", "id": message["id"]}
        if url.path.startswith("/redirect/"):
            kind = url.path.rsplit("/", 1)[1]
            status, to = (307, self.path) if kind == "loop" else (int(kind),
                                                                  query.get("to", "/ok"))
            self._send(status, b"", "text/plain", {"Location": to})
            return
        if message["method"] == "initialize":
            version = query.get("version", message["params"]["protocolVersion"])
            reply["result"] = {"protocolVersion": version,
                               "capabilities": {"tools": {}},
                               "serverInfo": {"name": "faults", "version": "0"}}
            # latin-1 is how http.server writes a header: "é" goes out as the byte 0xe9
            session = "s-\u00e9" if url.path == "/sessionid" else "s-1"
            self._send(200, json.dumps(reply).encode(), "application/json",
                       {"Mcp-Session-Id": session})
            return
        path = url.path
        auth = self.headers.get("Authorization", "")  # echoed back, to test redaction
        if path == "/droplisten" and message["method"] in ("server/discover",
                                                           "subscriptions/listen"):
            self._drop_listen(message)
        elif path == "/legacy" and self.headers.get("Mcp-Session-Id") != "s-1":
            self._send(400, b'{"jsonrpc": "2.0", "id": "server-error", "error": {"code": '
                            b'-32600, "message": "Bad Request: Missing session ID"}}',
                       "application/json")
        elif path.startswith("/status/"):
            status = int(path.rsplit("/", 1)[1])
            headers = {"Retry-After": query["retry"]} if "retry" in query else {}
            if query.get("jsonrpc"):
                reply["error"] = {"code": -32001, "message": f"slow down {auth}",
                                  "data": {"auth": auth}}
                self._send(status, json.dumps(reply).encode(), "application/json", headers)
            else:
                self._send(status, f"error {status} for {auth}".encode(), "text/plain", headers)
        elif path == "/garbage":
            self._send(200, f"<html>not json {auth}</html>".encode(), "application/json")
        elif path == "/null":
            self._send(200, b"null", "application/json")
        elif path == "/batch":  # the answer inside a one-item batch: no reply to one request
            reply["result"] = {"content": [{"type": "text", "text": "x"}], "isError": False}
            self._send(200, json.dumps([reply]).encode(), "application/json")
        elif path == "/truncated":
            body = b'event: message\ndata: {"jsonrpc": "2.0", "method": "x"}\n\n'
            self._send(200, body, "text/event-stream")
        elif path == "/notutf8":  # a valid result but for one byte in a string
            text = json.dumps({**reply, "result": {"content": [{"type": "text", "text": "o@k"}],
                                                   "isError": False}}).encode()
            text = text.replace(b"@", b"\xff")
            if query.get("json"):
                self._send(200, text, "application/json")
            else:
                self._send(200, b"event: message\ndata: " + text + b"\n\n", "text/event-stream")
        elif path == "/badlength":  # says 1000 bytes, sends fewer, then hangs up
            body = json.dumps({**reply, "result": {"tools": []}}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body) + 1000))
            self.end_headers()
            self.wfile.write(body)
            self.close_connection = True
        elif path == "/utf16":  # valid JSON, but not in UTF-8
            body = json.dumps({**reply, "result": {"tools": []}}).encode("utf-16")
            self._send(200, body, "application/json")
        elif path == "/oddevent":  # an event of a kind the SDK does not know (it warns), then
            # the answer
            text = json.dumps({**reply, "result": {"tools": []}}).encode()
            self._send(200, b"event: x-odd\ndata: {}\n\nevent: message\ndata: " + text
                       + b"\n\n", "text/event-stream")
        elif path == "/badsse":  # an event whose data is not JSON
            self._send(200, b"event: message\ndata: {not json\n\n", "text/event-stream")
        elif path == "/hang":
            time.sleep(60)
        elif path == "/errortext":  # an error whose words would start a line, 100 kB long
            reply["error"] = {"code": -32000, "message": "boom\n::error::x" + "y" * 100_000}
            self._send(200, json.dumps(reply).encode(), "application/json")
        elif path == "/endless":  # a JSON body that never ends (stops at 256 MiB, unread)
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            chunk = b" " * 65536
            try:
                for _ in range(4096):
                    self.wfile.write(b"10000\r\n" + chunk + b"\r\n")
                self.wfile.write(b"0\r\n\r\n")
            except OSError:  # the client stopped reading: what it should do
                pass
        elif path == "/gzipbomb":  # 1 MB on the wire, 1 GiB of JSON spaces decompressed
            import zlib

            packer = zlib.compressobj(9, zlib.DEFLATED, 31)  # 31: the gzip format
            block = b" " * 2**20
            body = b"".join(packer.compress(block) for _ in range(1024)) + packer.flush()
            self._send(200, body, "application/json", {"Content-Encoding": "gzip"})
        elif path == "/deep" and message["method"] == "tools/list":
            n = int(query["n"])
            schema = '{"type":"object","properties":{"a":' * n + '{"type":"string"}' + "}}" * n
            text = (f'{{"jsonrpc": "2.0", "id": {message["id"]}, "result": {{"tools": '
                    f'[{{"name": "deep", "inputSchema": {schema}}}]}}}}')
            if query.get("sse"):
                self._send(200, f"event: message\ndata: {text}\n\n".encode(),
                           "text/event-stream")
            else:
                self._send(200, text.encode(), "application/json")
        elif path == "/pages" and message["method"] == "tools/list":
            n = int(str((message.get("params") or {}).get("cursor", "0")).split(".")[0]) + 1
            reply["result"] = {"tools": [{"name": f"t{n}", "inputSchema": {"type": "object"}}]}
            if n < int(query.get("pages", "1")):
                reply["result"]["nextCursor"] = str(n) + "." * int(query.get("size", "1"))
            if query.get("sse"):
                self._send(200, f"event: message\ndata: {json.dumps(reply)}\n\n".encode(),
                           "text/event-stream")
            else:
                self._send(200, json.dumps(reply).encode(), "application/json")
        elif path.startswith("/values/") and message["method"] == "tools/list":
            from tests.hostile.servers.content import MODES

            schema = MODES[path.rsplit("/", 1)[1]]
            text = (f'{{"jsonrpc": "2.0", "id": {json.dumps(message["id"])}, "result": '
                    '{"tools": [{"name": "fine", "inputSchema": {"type": "object"}}, '
                    f'{{"name": "hostile", "inputSchema": {schema}}}]}}}}')
            if query.get("sse"):
                self._send(200, f"event: message\ndata: {text}\n\n".encode(),
                           "text/event-stream")
            else:
                self._send(200, text.encode(), "application/json")
        else:
            if message["method"] == "tools/list":
                reply["result"] = {"tools": [{"name": "t", "inputSchema": {"type": "object"},
                                              "x-extra": True}]}
                if path == "/droplisten":  # changes with every stream: each is a new listing
                    reply["result"]["tools"][0]["description"] = f"streams: {LISTENS[0]}"
                if query.get("big"):
                    reply["result"]["tools"][0]["description"] = "x" * 2_000_000
            else:
                reply["result"] = {"content": [{"type": "text", "text": "ok"}]}
            if query.get("strid"):
                reply["id"] = str(reply["id"])
            if query.get("sse"):
                body = f"event: message\ndata: {json.dumps(reply)}\n\n".encode()
                self._send(200, body, "text/event-stream")
            else:
                self._send(200, json.dumps(reply).encode(), "application/json")


    def _drop_listen(self, message: dict) -> None:
        if message["method"] == "server/discover":
            result = {"supportedVersions": ["2026-07-28"],
                      "capabilities": {"tools": {"listChanged": True}}}
            self._send(200, json.dumps({"jsonrpc": "2.0", "id": message["id"],
                                        "result": result}).encode(), "application/json")
            return
        LISTENS[0] += 1
        acknowledged = {"jsonrpc": "2.0", "method": "notifications/subscriptions/acknowledged",
                        "params": {"notifications": {"toolsListChanged": True}}}
        self._send(200, f"event: message\ndata: {json.dumps(acknowledged)}\n\n".encode(),
                   "text/event-stream")


#: ``/droplisten``: the listen streams opened so far
LISTENS = [0]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--http", type=int, required=True, metavar="PORT")
    args = parser.parse_args()
    ThreadingHTTPServer.daemon_threads = True
    ThreadingHTTPServer(("127.0.0.1", args.http), Handler).serve_forever()


if __name__ == "__main__":
    main()
