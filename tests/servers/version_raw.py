"""A raw stdio server whose ``initialize`` answers the protocol version given as its first
argument (JSON: ``'"1999-01-01"'``, ``'null'``), whatever parity offered; one tool
(``notools`` second: no tools capability, and ``tools/list`` is -32601; ``strid``: the
listing's answer carries its id as a string, ``"2"`` for request 2; ``deep:N``: the tool's
``inputSchema`` nests N objects deep, one ``properties`` in another, written as text)."""

from __future__ import annotations

import json
import sys
from typing import Any

from tests.servers._raw import Reply, serve, tool

ANSWERED = json.loads(sys.argv[1])


def initialize(params: dict[str, Any]) -> dict[str, Any]:
    return {"protocolVersion": ANSWERED, "capabilities": {"tools": {}},
            "serverInfo": {"name": "version", "version": "1"}}


if __name__ == "__main__":
    if sys.argv[2:3] and sys.argv[2].startswith("deep:"):
        depth = int(sys.argv[2].split(":")[1])
        schema = '{"type":"object","properties":{"a":' * depth + '{"type":"string"}' + "}}" * depth
        serve({"initialize": initialize, "tools/list": lambda params: Reply(
            raw='{"jsonrpc": "2.0", "id": @ID@, "result": {"tools": [{"name": "deep", '
                f'"inputSchema": {schema}}}]}}}}\n')})
    elif sys.argv[2:] == ["strid"]:
        serve({"initialize": initialize, "tools/list": lambda params: Reply(
            raw='{"jsonrpc": "2.0", "id": "@ID@", "result": {"tools": [{"name": "t", '
                '"inputSchema": {"type": "object"}}]}}\n')})
    elif sys.argv[2:] == ["notools"]:
        serve({"initialize": lambda params: {**initialize(params), "capabilities": {}}})
    else:
        serve({"initialize": initialize, "tools/list": lambda params: {"tools": [tool("t")]}})
