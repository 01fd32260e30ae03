"""The example's workflow server over streamable HTTP, refusing every request that names no
user (no ``X-User`` header) with HTTP 401: a server whose sessions need the headers only an
agent's context gives (google-adk's ``header_provider``).

``python -m tests.servers.needs_user --http PORT`` serves it on 127.0.0.1:PORT/mcp (2.x SDK).
"""

from __future__ import annotations

import argparse
from typing import Any

from examples.workflow.server import server

Receive = Any
Send = Any


def needing_user(app: Any) -> Any:
    """``app``, but an HTTP request without an ``X-User`` header is answered 401."""

    async def guarded(scope: dict[str, Any], receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not any(
                name.lower() == b"x-user" and value for name, value in scope["headers"]):
            await send({"type": "http.response.start", "status": 401,
                        "headers": [(b"content-type", b"text/plain")]})
            await send({"type": "http.response.body", "body": b"name the user (X-User)"})
            return
        await app(scope, receive, send)

    return guarded


def main() -> None:
    import uvicorn

    parser = argparse.ArgumentParser(prog="python -m tests.servers.needs_user")
    parser.add_argument("--http", type=int, required=True, metavar="PORT")
    port = parser.parse_args().http
    uvicorn.run(needing_user(server.streamable_http_app(streamable_http_path="/mcp")),
                host="127.0.0.1", port=port, log_level="warning")


if __name__ == "__main__":
    main()
