"""A stdio server that floods the client with its own requests (pings) before answering
``tools/list``, reading none of the client's answers meanwhile: ``python -m
tests.servers.flood N`` sends N of them."""

from __future__ import annotations

import sys

from tests.servers._raw import Reply, serve, tool, write

COUNT = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000


def tools_list(params: dict) -> Reply:
    for i in range(COUNT):  # written before the answer, no answer of the client read
        write({"jsonrpc": "2.0", "id": f"ping-{i}", "method": "ping"})
    return Reply(raw='{"jsonrpc": "2.0", "id": @ID@, "result": {"tools": '
                     f'[{__import__("json").dumps(tool("echo"))}]}}}}\n')


if __name__ == "__main__":
    serve({"tools/list": tools_list}, name="flood")
