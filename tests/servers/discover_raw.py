"""A wire-level server for the 2026-07-28 era's start (parity/mcp/era.py): how it answers
``server/discover`` is chosen on the command line, and its one tool's description says what
the last request's ``params._meta`` held (its keys and protocol version), so a test sees
what parity stamped on each request.

``--offer V,...``: a discover result with these ``supportedVersions``. ``--refuse CODE``: a
JSON-RPC error with this code instead (``--supported V,...``: its ``data.supported``).
Without either, ``server/discover`` is an unknown method (-32601), as on a 2025 server.
``initialize`` is answered as any handshake-era server answers it.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from tests.servers._raw import Reply, serve, tool


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--offer", default=None)
    parser.add_argument("--refuse", type=int, default=None)
    parser.add_argument("--supported", default=None)
    args = parser.parse_args()

    def stamped(params: dict[str, Any]) -> str:
        meta = params.get("_meta") or {}
        return json.dumps({"keys": sorted(meta),
                           "version": meta.get("io.modelcontextprotocol/protocolVersion")})

    def discover(params: dict[str, Any]) -> Any:
        if args.refuse is not None:
            data = {"supported": args.supported.split(",")} if args.supported else None
            return Reply(error={"code": args.refuse, "message": "unsupported protocol version",
                                **({"data": data} if data else {})})
        return {"supportedVersions": args.offer.split(","),
                "capabilities": {"tools": {"listChanged": True}},
                "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "discovering",
                                                                 "version": "2.0"}}}

    handlers: dict[str, Any] = {
        "tools/list": lambda params: {"tools": [tool("stamp", description=stamped(params))]},
        "tools/call": lambda params: {"content": [{"type": "text", "text": stamped(params)}]},
    }
    if args.offer is not None or args.refuse is not None:
        handlers["server/discover"] = discover
    serve(handlers, name="handshaking")


if __name__ == "__main__":
    main()
