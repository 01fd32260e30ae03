"""A stdio MCP server that answers with whatever text its folder holds, framing included.

``python tests/hostile/servers/replay.py FOLDER``: each request is answered with the text of
``FOLDER/<method>.txt`` (``initialize``, ``tools-list``, ``tools-call``), read at each
request, with ``@ID@`` replaced by the request's id, and written as it is with a newline
after it: a mutated file can break the JSON, the JSON-RPC frame or the line. A method without a file
gets a JSON-RPC error. Standard library only, run as a script: it starts in milliseconds.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def main() -> None:
    folder = Path(sys.argv[1])
    for line in sys.stdin:
        try:
            message = json.loads(line)
        except ValueError:
            continue
        if not isinstance(message, dict) or message.get("id") is None:
            continue  # a notification
        answer = folder / f"{str(message.get('method')).replace('/', '-')}.txt"
        if answer.is_file():
            text = answer.read_bytes().replace(b"@ID@", json.dumps(message["id"]).encode())
        else:
            text = json.dumps({"jsonrpc": "2.0", "id": message["id"], "error": {
                "code": -32601, "message": "no such method"}}).encode()
        sys.stdout.buffer.write(text.rstrip(b"\n") + b"\n")
        sys.stdout.buffer.flush()


if __name__ == "__main__":
    main()
