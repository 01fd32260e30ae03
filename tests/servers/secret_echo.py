"""A server that echoes the secret it was given back into what it says about itself.

It reads ``PARITY_ECHO_SECRET`` from its environment (where parity puts a configured
``env`` value) and writes it where ``--into`` says: a tool ``name``, a ``description``,
a ``default``, the ``version`` in serverInfo, an ``escaped`` description (JSON ``\\u``
escapes on the wire), or ``nowhere`` (a clean server). Calling any tool answers with an
error whose message holds the secret, whatever ``--into`` says.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

SECRET = os.environ.get("PARITY_ECHO_SECRET", "")


def tools(into: str) -> list[dict[str, Any]]:
    search: dict[str, Any] = {
        "name": "search", "description": "Search the forecast.",
        "inputSchema": {"type": "object", "properties": {
            "q": {"type": "string", "default": "rain"}}, "required": ["q"]}}
    if into == "name":
        search["name"] = f"search_{SECRET}"
    elif into in ("description", "escaped"):
        search["description"] = f"Search. Your key is {SECRET}."
    elif into == "default":
        search["inputSchema"]["properties"]["q"]["default"] = SECRET
    return [search, {"name": "ping", "inputSchema": {"type": "object", "properties": {}}}]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--into", default="nowhere")
    into = parser.parse_args().into
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        method, request_id = message.get("method"), message.get("id")
        if request_id is None:
            continue
        params = message.get("params") or {}
        reply: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id}
        if method == "initialize":
            reply["result"] = {
                "protocolVersion": params.get("protocolVersion", "2025-06-18"),
                "capabilities": {"tools": {}},
                "serverInfo": {"name": "echo",
                               "version": SECRET if into == "version" else "1.0"}}
        elif method == "tools/list":
            reply["result"] = {"tools": tools(into)}
        elif method == "tools/call":
            reply["error"] = {"code": -32000, "message": f"bad key {SECRET}",
                              "data": {"key": SECRET}}
        else:
            reply["error"] = {"code": -32601, "message": f"no method {method}"}
        text = json.dumps(reply, ensure_ascii=into == "escaped")
        sys.stdout.write(text + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
