"""A stdio MCP server that answers with whatever text its folder holds, framing included.

``python -m tests.hostile.servers.replay FOLDER``: ``initialize``, ``tools/list`` and
``tools/call`` are answered with the text of ``FOLDER/<method>.txt`` (``initialize``,
``tools-list``, ``tools-call``), read at each request, with ``@ID@`` replaced by the request's
id (``serve``) and written as it is with a newline after it: a mutated file can break the
JSON, the JSON-RPC frame or the line. A method without a file gets a JSON-RPC error.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from tests.servers._raw import Handler, Reply, serve

METHODS = ("initialize", "tools/list", "tools/call")


def answer(folder: Path, method: str) -> Handler:
    def reply(params: dict[str, Any]) -> Reply:
        file = folder / f"{method.replace('/', '-')}.txt"
        if not file.is_file():
            return Reply(error={"code": -32601, "message": "no such method"})
        return Reply(raw=file.read_bytes().rstrip(b"\n") + b"\n")
    return reply


if __name__ == "__main__":
    serve({method: answer(Path(sys.argv[1]), method) for method in METHODS}, name="replay")
