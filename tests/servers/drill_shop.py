"""A drill target with a completeness contract, a read-only and a writing tool, a tool typed
``-> str`` (its result is the SDK's ``{"result": ...}`` wrapping) and a credential check (for
the secret tests).

``python -m tests.servers.drill_shop`` serves stdio; ``--http PORT`` serves streamable HTTP.
The token it expects is ``DRILL_TOKEN`` from its environment; over HTTP it also checks the
``Authorization: Bearer <token>`` header of every request.
"""

from __future__ import annotations

import argparse
import json
import os

from pydantic import BaseModel

from parity.mcp import new_server, run_http, run_stdio

server = new_server("drill_shop")
ORDERS = [{"id": f"o-{i}", "item": item} for i, item in enumerate(["tea", "jam", "bread"])]


class Order(BaseModel):
    id: str
    item: str


class OrderPage(BaseModel):
    orders: list[Order]
    total: int
    complete: bool
    missing: list[str]


class Created(BaseModel):
    id: str
    item: str


@server.tool(annotations={"readOnlyHint": True})
def list_orders(customer: str) -> OrderPage:
    """List a customer's orders; `complete` is false when some could not be read."""
    return OrderPage(orders=[Order(**o) for o in ORDERS], total=len(ORDERS), complete=True,
                     missing=[])


@server.tool()
def create_order(item: str) -> Created:
    """Create an order (not idempotent: a second call creates a second order)."""
    return Created(id="o-new", item=item)


@server.tool(annotations={"readOnlyHint": True})
def lookup(item: str) -> str:
    """Look an item up; answers JSON text, as many SDK tools do."""
    return json.dumps({"item": item, "stock": 3})


@server.tool(annotations={"readOnlyHint": True})
def check_token() -> str:
    """Fails with the raw provider error, which quotes the token (to test redaction)."""
    raise ValueError(f"provider said: token {os.environ.get('DRILL_TOKEN', '')} is revoked")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--http", type=int, default=None)
    args = parser.parse_args()
    if args.http is None:
        run_stdio(server)
        return
    token = os.environ.get("DRILL_TOKEN")
    if token:
        _require_bearer(token)
    run_http(server, port=args.http)


def _require_bearer(token: str) -> None:
    # wrap the server's ASGI app: every request must carry the expected bearer token
    import uvicorn

    original = uvicorn.Server.__init__

    def init(self, config):  # type: ignore[no-untyped-def]
        app = config.app

        async def guarded(scope, receive, send):  # type: ignore[no-untyped-def]
            if scope["type"] == "http":
                headers = dict(scope.get("headers") or [])
                if headers.get(b"authorization") != f"Bearer {token}".encode():
                    await send({"type": "http.response.start", "status": 401,
                                "headers": [(b"content-length", b"0")]})
                    await send({"type": "http.response.body", "body": b""})
                    return
            await app(scope, receive, send)

        config.app = guarded
        original(self, config)

    uvicorn.Server.__init__ = init  # type: ignore[method-assign]


if __name__ == "__main__":
    main()
